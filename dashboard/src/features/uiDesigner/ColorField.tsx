import { useId, useState } from 'react';
import { Input } from '../../components/Input';
import { normalizeHex } from './themeDesign';

const HEX_ERROR = 'Use a hex colour such as #2563eb';

type ColorFieldProps = {
  /** Names the picker; the text box is "{label} hex". */
  label: string;
  /** #rrggbb */
  value: string;
  onChange: (hex: string) => void;
  disabled?: boolean;
};

/**
 * A colour picker and its hex text kept in step. The text applies as soon as it is a valid
 * #rgb or #rrggbb (sent as #rrggbb); anything else stays in the box with an error and changes nothing.
 */
export function ColorField({ label, value, onChange, disabled }: ColorFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The colour changed elsewhere (the picker, Reset, the AI designer): the text follows it.
  if (value !== shown) {
    setShown(value);
    if (normalizeHex(draft) !== value) setDraft(value);
  }
  const invalid = normalizeHex(draft) === null;

  function type(text: string) {
    setDraft(text);
    const hex = normalizeHex(text);
    if (hex && hex !== value) onChange(hex);
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="color"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value.toLowerCase())}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900"
        />
        <Input
          aria-label={`${label} hex`}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="font-mono"
          invalid={invalid}
          disabled={disabled}
          maxLength={7}
          spellCheck={false}
          value={draft}
          onChange={(e) => type(e.target.value)}
        />
      </div>
      {invalid && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {HEX_ERROR}
        </p>
      )}
    </div>
  );
}
