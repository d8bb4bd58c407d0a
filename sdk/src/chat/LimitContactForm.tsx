import { LIMIT_CONTACT_LIMITS, validateLimitContactForm, type LimitContactValues as ContactValues } from '@parley/contracts';
import { useEffect, useId, useState } from 'react';
import type { ContactPrefill, ContactResult } from './ChatController';

export const CONTACT_SUCCESS = "Thank you! Your message has been sent successfully. We'll get back to you soon.";
export const CONTACT_FAILED = 'Failed to send message. Please try again.';
export const CONTACT_NETWORK_ERROR = 'Network error. Please check your connection and try again.';
/** How long the success text stays before the form comes back. */
export const CONTACT_SUCCESS_MS = 10_000;

/** The form's starting values: empty, or the name and email of the visitor's identity. */
function initialValues(prefill?: ContactPrefill | null): ContactValues {
  return {
    name: prefill?.name?.slice(0, LIMIT_CONTACT_LIMITS.nameMax) ?? '',
    email: prefill?.email && prefill.email.length <= LIMIT_CONTACT_LIMITS.emailMax ? prefill.email : '',
    message: '',
  };
}

/**
 * The contact form shown when the bot is over its limit or inactive. Submit stays disabled
 * until every field is valid; errors appear once a field has been used. `prefill` (the name and
 * email of a verified identity) fills Name and Email, which the visitor may still change; one
 * that arrives later fills the fields the visitor has not typed in.
 */
export function LimitContactForm({ onSubmit, prefill }: { onSubmit: (values: ContactValues) => Promise<ContactResult>; prefill?: ContactPrefill | null }) {
  const id = useId();
  const [values, setValues] = useState<ContactValues>(() => initialValues(prefill));
  const [touched, setTouched] = useState<Partial<Record<keyof ContactValues, boolean>>>({});
  const [edited, setEdited] = useState<Partial<Record<keyof ContactValues, boolean>>>({});
  const [status, setStatus] = useState<'idle' | 'sending' | ContactResult>('idle');
  const errors = validateLimitContactForm(values);
  const valid = Object.keys(errors).length === 0;
  const prefillName = prefill?.name;
  const prefillEmail = prefill?.email;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the prefill changes; `edited` is read, not watched
  useEffect(() => {
    const next = initialValues({ name: prefillName, email: prefillEmail });
    setValues((v) => {
      const name = edited.name ? v.name : next.name;
      const email = edited.email ? v.email : next.email;
      return name === v.name && email === v.email ? v : { ...v, name, email };
    });
  }, [prefillName, prefillEmail]);

  useEffect(() => {
    if (status !== 'sent') return;
    const timer = setTimeout(() => setStatus('idle'), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const field = (name: keyof ContactValues, label: string, input: 'input' | 'email' | 'textarea') => {
    const shown = touched[name] || values[name] !== '' ? errors[name] : undefined;
    const props = {
      id: `${id}-${name}`,
      name,
      value: values[name],
      required: true,
      'aria-invalid': shown ? true : undefined,
      'aria-describedby': shown ? `${id}-${name}-error` : undefined,
      onChange: (e: { target: { value: string } }) => {
        setEdited((t) => (t[name] ? t : { ...t, [name]: true }));
        setValues((v) => ({ ...v, [name]: e.target.value }));
      },
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    };
    return (
      <div className="cw-field">
        <label htmlFor={props.id}>{label}</label>
        {input === 'textarea' ? (
          <textarea {...props} rows={4} />
        ) : (
          <input {...props} type={input === 'email' ? 'email' : 'text'} maxLength={input === 'email' ? LIMIT_CONTACT_LIMITS.emailMax : LIMIT_CONTACT_LIMITS.nameMax} autoComplete={input === 'email' ? 'email' : 'name'} />
        )}
        {shown ? (
          <p className="cw-field-error" id={`${id}-${name}-error`}>
            {shown}
          </p>
        ) : null}
      </div>
    );
  };

  if (status === 'sent') {
    return (
      <p className="cw-form-done" role="status">
        {CONTACT_SUCCESS}
      </p>
    );
  }

  return (
    <form
      className="cw-form cw-contact"
      aria-label="Contact us"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (!valid || status === 'sending') return;
        setStatus('sending');
        const result = await onSubmit(values);
        setStatus(result);
        if (result === 'sent') {
          setValues(initialValues(prefill));
          setTouched({});
          setEdited({});
        }
      }}
    >
      {field('name', 'Name', 'input')}
      {field('email', 'Email', 'email')}
      {field('message', 'Message', 'textarea')}
      {status === 'failed' || status === 'network' ? (
        <p className="cw-field-error" role="alert">
          {status === 'failed' ? CONTACT_FAILED : CONTACT_NETWORK_ERROR}
        </p>
      ) : null}
      <button type="submit" className="cw-btn" disabled={!valid || status === 'sending'}>
        {status === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
