import type { HomeStyle, HomeTopic } from '@parley/contracts';

/** Where a chosen item sits: a topic (header or topic grid) or a quick action. */
type HomeSelectKind = 'topic' | 'action';

/** Called with the item the visitor chose and where it sits. */
export type HomeSelect = (item: HomeTopic, kind: HomeSelectKind) => void;

/** Does the item's title, description or category contain the (trimmed, any-case) query? */
export function matchesQuery(item: HomeTopic, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || [item.title, item.description, item.category].some((v) => typeof v === 'string' && v.toLowerCase().includes(q));
}

/** Font sizes come as numbers or `"16px"` strings; anything else falls back. */
export function fontSize(value: unknown, fallback: number): string {
  const n = typeof value === 'string' ? parseFloat(value) : value;
  return `${typeof n === 'number' && Number.isFinite(n) && n >= 8 && n <= 72 ? n : fallback}px`;
}

export function styleOf(props: Record<string, unknown>): HomeStyle {
  return props.style && typeof props.style === 'object' ? (props.style as HomeStyle) : {};
}

export function itemsOf(value: unknown): HomeTopic[] {
  return (Array.isArray(value) ? value : [])
    .filter((v): v is Record<string, unknown> => !!v && typeof v === 'object' && typeof (v as { title?: unknown }).title === 'string')
    .map((v, i) => ({ ...(v as unknown as HomeTopic), id: String(v.id ?? `item-${i}`) }));
}

const ICONS: Record<string, string> = {
  message: '💬', 'message-circle': '💬', 'message-square': '💬', chat: '💬', help: '❓', 'help-circle': '❓',
  info: 'ℹ️', package: '📦', box: '📦', truck: '🚚', 'credit-card': '💳', billing: '💳', 'dollar-sign': '💲',
  'shopping-cart': '🛒', 'shopping-bag': '🛍️', cart: '🛒', 'rotate-ccw': '↩️', 'refresh-cw': '↩️', return: '↩️',
  settings: '⚙️', wrench: '🔧', tool: '🔧', tag: '🏷️', gift: '🎁', percent: '🏷️', user: '👤', users: '👥',
  headphones: '🎧', phone: '📞', mail: '✉️', book: '📖', 'book-open': '📖', file: '📄', 'file-text': '📄',
  star: '⭐', search: '🔍', zap: '⚡', home: '🏠', calendar: '📅', shield: '🛡️', heart: '❤️', clipboard: '📋',
  globe: '🌐', send: '➤', lock: '🔒', bell: '🔔', smile: '🙂', rocket: '🚀', lightbulb: '💡',
};

/** Icons are emoji or icon names (mapped to emoji); unknown names show nothing. */
export function iconText(icon: unknown): string | null {
  if (typeof icon !== 'string' || !icon.trim()) return null;
  const mapped = ICONS[icon.trim().toLowerCase()];
  if (mapped) return mapped;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: any ASCII text (an unknown icon name) shows nothing
  return /^[\x00-\x7f]*$/.test(icon) || icon.length > 8 ? null : icon;
}
