import { useId, type ComponentProps, type ReactNode } from 'react';

type Props = { label: ReactNode; hint?: ReactNode } & Omit<ComponentProps<'input'>, 'type' | 'role' | 'id'>;

/**
 * An on/off setting in its own bordered row: the label and its hint on the left, the switch on
 * the right. A checkbox underneath, so it works controlled (`checked`) or spread from
 * `form.register(name)`; an uncontrolled caller passes `aria-checked` itself.
 */
export function Switch({ label, hint, ...props }: Props) {
  const id = useId();
  const hintId = `${id}-note`;
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <span>
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        {hint && (
          <span id={hintId} className="block text-xs text-slate-600 dark:text-slate-400">
            {hint}
          </span>
        )}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        aria-describedby={hint ? hintId : undefined}
        {...props}
        className="h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:block before:h-5 before:w-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-blue-600 checked:before:translate-x-[1.375rem] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-slate-700 dark:checked:bg-blue-500"
      />
    </div>
  );
}
