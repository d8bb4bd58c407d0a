/**
 * `@parley/contracts`: the rules every Parley package shares. This entry is plain TypeScript
 * (types, constants, small functions) and never imports zod, so the visitor's widget can use
 * it without carrying a validation library; the zod schemas are in `@parley/contracts/schemas`.
 * @packageDocumentation
 */
export * from './text';
export * from './chat';
export * from './homeScreen';
export * from './survey';
export * from './chatbot';
export * from './sources';
export * from './unanswered';
export * from './contact';
export * from './history';
export * from './promptAssistant';
export * from './account';
export * from './planLimits';
export * from './dates';
export * from './colors';
export * from './analytics';
export * from './admin';
export * from './billing';
export * from './identity';
