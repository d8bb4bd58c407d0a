import { useId, useState } from 'react';
import { asArray, useChatActions, type FormFieldValue } from '../chat/ChatActions';
import { iconText } from '../home/homeTypes';
import { Markdown } from '../markdown/Markdown';
import type { BotContentProps } from './types';

interface FormField {
  id: string;
  label?: string;
  type?: string;
  placeholder?: string;
  required?: boolean;
  options?: unknown[];
}

/** Text of the confirmation shown after a bot form is sent, unless the bot configures its own. */
export const DEFAULT_FORM_CONFIRMATION = 'Thank you! Your message has been sent successfully. We will contact you soon.';
const INPUT_TYPES = new Set(['text', 'email', 'tel', 'number', 'url', 'date']);

/**
 * A bot-supplied form; submit stays disabled until every required field is non-blank. When the
 * answer recorded for it is the list of values sent (a conversation read back), the form shows
 * them, locked.
 */
export function FormMessage({ content, metadata, messageKey }: BotContentProps) {
  const chat = useChatActions();
  const baseId = useId();
  const fields = asArray<FormField>(metadata.formFields).filter((f) => typeof f.id === 'string');
  const title = typeof metadata.title === 'string' ? metadata.title : '';
  const submitButton = (metadata.submitButton ?? {}) as { text?: string; icon?: string };
  const sent = chat.answers[messageKey];
  const locked = Array.isArray(sent);
  const [values, setValues] = useState<Record<string, string>>(() => (locked ? Object.fromEntries((sent as FormFieldValue[]).map((f) => [f.id, f.value])) : {}));
  const [sending, setSending] = useState(false);
  const done = chat.answers[messageKey] === 'submitted';
  const complete = fields.every((f) => !f.required || (values[f.id] ?? '').trim() !== '');

  if (done) {
    return (
      <p className="cw-form-done" role="status">
        {chat.formConfirmationMessage || DEFAULT_FORM_CONFIRMATION}
      </p>
    );
  }

  const submit = async () => {
    if (!complete || sending) return;
    setSending(true);
    const data = fields.map((f) => ({ id: f.id, label: f.label ?? f.id, type: f.type ?? 'text', value: (values[f.id] ?? '').trim() }));
    const ok = await chat.submitForm(messageKey, title || 'Form', data);
    setSending(false);
    if (ok) chat.setAnswer(messageKey, 'submitted');
  };

  return (
    <form
      className="cw-form"
      aria-label={title || 'Form'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {title ? <p className="cw-form-title">{title}</p> : null}
      {content && content !== title ? <Markdown text={content} baseUrl={chat.apiUrl} /> : null}
      {fields.map((field) => {
        const id = `${baseId}-${field.id}`;
        const common = {
          id,
          value: values[field.id] ?? '',
          placeholder: field.placeholder,
          required: !!field.required,
          'aria-required': !!field.required,
          disabled: locked,
          onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field.id]: e.target.value })),
        };
        const options = asArray<unknown>(field.options).map((o) =>
          typeof o === 'string' ? o : String((o as { label?: unknown; value?: unknown }).label ?? (o as { value?: unknown }).value ?? ''),
        );
        return (
          <div className="cw-field" key={field.id}>
            <label htmlFor={id}>
              {field.label ?? field.id}
              {field.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            {field.type === 'textarea' ? (
              <textarea {...common} rows={3} maxLength={5000} />
            ) : field.type === 'select' && options.length ? (
              <select {...common}>
                <option value="">{field.placeholder || 'Choose…'}</option>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type={INPUT_TYPES.has(field.type ?? '') ? field.type : 'text'} maxLength={5000} />
            )}
          </div>
        );
      })}
      <button type="submit" className="cw-btn" disabled={locked || !complete || sending || chat.disabled}>
        {iconText(submitButton.icon) ? <span aria-hidden="true">{iconText(submitButton.icon)} </span> : null}
        {submitButton.text || 'Submit'}
      </button>
    </form>
  );
}
