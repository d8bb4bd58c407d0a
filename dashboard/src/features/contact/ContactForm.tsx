import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { ApiError, client, unwrap } from '../../lib/api';
import { toast } from '../toast/toastStore';
import { validateContact, type ContactErrors, type ContactValues } from './validateContact';

const EMPTY: ContactValues = { contactType: '', name: '', email: '', company: '', message: '' };

/** Editing → sending ("Sending Message...") → sent (thank-you); "Send Another Message" starts over. */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);

  const send = useMutation({
    mutationFn: (body: ContactValues) =>
      unwrap(client.contact.$post({ json: { ...body, contactType: body.contactType as 'sales' | 'support' } })),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Message sent successfully!', description: "Thank you for contacting us. We'll get back to you within 24 hours." });
      setSent(true);
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.body?.message : undefined;
      toast({ variant: 'destructive', title: 'Failed to send message', description: message || 'Something went wrong. Please try again.' });
    },
  });

  const update = (key: keyof ContactValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const next = { ...values, [key]: e.target.value } as ContactValues;
    setValues(next);
    if (submitted) setErrors(validateContact(next));
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate({ ...values, name: values.name.trim(), email: values.email.trim(), company: values.company.trim(), message: values.message.trim() });
  }

  if (sent) {
    return (
      <div className="py-10 text-center" role="status">
        <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-500" aria-hidden />
        <h2 className="mt-4 text-2xl font-bold">Thank you!</h2>
        <p className="mx-auto mt-2 max-w-md text-slate-600 dark:text-slate-400">
          Your message has been sent. We'll get back to you within 24 hours.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">Return to Homepage</ButtonLink>
          <Button
            variant="outline"
            onClick={() => {
              setValues(EMPTY);
              setErrors({});
              setSubmitted(false);
              setSent(false);
            }}
          >
            Send Another Message
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Contact form">
      <SelectField label="How can we help?" value={values.contactType} onChange={update('contactType')} error={errors.contactType}>
        <option value="">Select an option</option>
        <option value="sales">Sales inquiry</option>
        <option value="support">Technical support</option>
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" value={values.name} onChange={update('name')} error={errors.name} />
        <TextField label="Email" type="email" autoComplete="email" value={values.email} onChange={update('email')} error={errors.email} />
      </div>
      <TextField label="Company (optional)" autoComplete="organization" value={values.company} onChange={update('company')} error={errors.company} />
      <TextAreaField label="Message" rows={6} value={values.message} onChange={update('message')} error={errors.message} placeholder="Tell us a little about what you need..." />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send className="h-4 w-4" aria-hidden />
        {send.isPending ? 'Sending Message...' : 'Send Message'}
      </Button>
    </form>
  );
}
