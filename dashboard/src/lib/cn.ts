import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (strings, arrays, `{ class: condition }` maps; falsy parts skipped) and lets
 * a later Tailwind class win over an earlier one of the same kind, so a `className` passed to a
 * component overrides the component's own padding, colour and so on instead of fighting it in CSS.
 */
export function cn(...parts: ClassValue[]): string {
  return twMerge(clsx(parts));
}
