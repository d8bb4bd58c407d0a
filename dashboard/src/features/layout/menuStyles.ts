import { cn } from '../../lib/cn';

/** Shared look of every dropdown menu (user menu, theme switcher, chatbot card menu). */
export function menuContentClass(extra?: string) {
  return cn(
    'z-50 min-w-[10rem] overflow-hidden rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg',
    'dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
    extra,
  );
}

export const menuItemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none ' +
  'data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';
