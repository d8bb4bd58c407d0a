import { zodResolver } from '@hookform/resolvers/zod';
import type { ContactType } from '@parley/contracts';
import { contactSchema } from '@parley/contracts/schemas';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, ButtonLink } from '../../components/Button';
import { SelectField, TextAreaField, TextField } from '../../components/Field';
import { fromText, showServerFieldErrors } from '../../lib/formRules';
import { client, serverMessage, unwrap } from '../../lib/api';
import { toast } from '../toast/toastStore';

/** The server's contact rules over the form's text inputs ("" while no contact type is picked). */
const contactFormSchema = contactSchema.extend({
  contactType: fromText(contactSchema.shape.contactType),
  company: fromText(contactSchema.shape.company),
});
type ContactValues = z.input<typeof contactFormSchema>;

const EMPTY: ContactValues = { contactType: '', name: '', email: '', company: '', message: '' };

/**
 * Editing → sending ("Sending Message...") → sent (thank-you); "Send Another Message" starts over.
 * Errors appear after the first submit and then follow the typing.
 */
export function ContactForm() {
  const form = useForm<ContactValues>({ defaultValues: EMPTY, resolver: zodResolver(contactFormSchema, undefined, { raw: true }) });
  const { errors } = form.formState;
  const [sent, setSent] = useState(false);

  const send = useMutation({
    mutationFn: (body: ContactValues) => unwrap(client.contact.$post({ json: { ...body, contactType: body.contactType as ContactType } })),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Message sent successfully!', description: "Thank you for contacting us. We'll get back to you within 24 hours." });
      setSent(true);
    },
    onError: (error) => {
      showServerFieldErrors(form, error);
      toast({ variant: 'destructive', title: 'Failed to send message', description: serverMessage(error, 'Something went wrong. Please try again.') });
    },
  });

  const onSubmit = form.handleSubmit((values) =>
    send.mutate({ ...values, name: values.name.trim(), email: values.email.trim(), company: values.company.trim(), message: values.message.trim() }),
  );

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
              form.reset(EMPTY);
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
      <SelectField label="How can we help?" {...form.register('contactType')} error={errors.contactType?.message}>
        <option value="">Select an option</option>
        <option value="sales">Sales inquiry</option>
        <option value="support">Technical support</option>
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" {...form.register('name')} error={errors.name?.message} />
        <TextField label="Email" type="email" autoComplete="email" {...form.register('email')} error={errors.email?.message} />
      </div>
      <TextField label="Company (optional)" autoComplete="organization" {...form.register('company')} error={errors.company?.message} />
      <TextAreaField label="Message" rows={6} {...form.register('message')} error={errors.message?.message} placeholder="Tell us a little about what you need..." />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send className="h-4 w-4" aria-hidden />
        {send.isPending ? 'Sending Message...' : 'Send Message'}
      </Button>
    </form>
  );
}
