import { cva } from 'class-variance-authority';
import type { AriaAttributes, ComponentProps } from 'react';
import { cn } from '../lib/cn';

/** One look for text inputs, textareas and selects; `invalid` is the red border of a field with an error. */
export const inputVariants = cva(
  [
    'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
    'focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none disabled:opacity-60',
    'dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500',
  ],
  {
    variants: {
      state: {
        default: 'border-slate-300 dark:border-slate-700',
        invalid: 'border-red-500 dark:border-red-500',
      },
    },
    defaultVariants: { state: 'default' },
  },
);

/**
 * `invalid` drives both the red border and `aria-invalid`, so what a screen reader announces and
 * what the eye sees cannot disagree. Without it, an `aria-invalid` the caller set (as
 * react-hook-form examples do) picks the look instead.
 */
type ControlProps = { invalid?: boolean };

function isInvalid(invalid: boolean | undefined, ariaInvalid: AriaAttributes['aria-invalid']) {
  return invalid ?? (ariaInvalid === true || ariaInvalid === 'true');
}

/** A styled `<input>`; `ref` passes through, so `{...register('name')}` from react-hook-form works as is. */
export function Input({ className, invalid, 'aria-invalid': ariaInvalid, ...props }: ComponentProps<'input'> & ControlProps) {
  const bad = isInvalid(invalid, ariaInvalid);
  return <input aria-invalid={bad || undefined} className={cn(inputVariants({ state: bad ? 'invalid' : 'default' }), className)} {...props} />;
}

export function Textarea({ className, invalid, 'aria-invalid': ariaInvalid, ...props }: ComponentProps<'textarea'> & ControlProps) {
  const bad = isInvalid(invalid, ariaInvalid);
  return <textarea aria-invalid={bad || undefined} className={cn(inputVariants({ state: bad ? 'invalid' : 'default' }), className)} {...props} />;
}

export function Select({ className, invalid, 'aria-invalid': ariaInvalid, ...props }: ComponentProps<'select'> & ControlProps) {
  const bad = isInvalid(invalid, ariaInvalid);
  return <select aria-invalid={bad || undefined} className={cn(inputVariants({ state: bad ? 'invalid' : 'default' }), className)} {...props} />;
}
