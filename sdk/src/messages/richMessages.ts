/**
 * The message types beyond text (cards, menus, multiselects, ratings, images, forms, tables) and
 * the message-limit contact form: a chunk of its own, fetched the first time one is needed, so a
 * plain chat never loads it. Their styles come with them (`css`, adopted by useRichMessages).
 */
export { default as css } from '../styles/rich.css?inline';
export { LimitContactForm } from '../chat/LimitContactForm';
export { CardMessage } from './CardMessage';
export { FormMessage } from './FormMessage';
export { ImageMessage } from './ImageMessage';
export { MenuMessage } from './MenuMessage';
export { MultiselectMessage } from './MultiselectMessage';
export { RatingMessage } from './RatingMessage';
export { TableMessage } from './TableMessage';
