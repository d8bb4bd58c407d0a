import type { FormMetadata } from '@parley/contracts';

const CONTACT_FORM_TEXT =
  "I'll connect you with our team. Please leave your name, email and a short message, and we'll get back to you as soon as possible.";

/** The `form` message a hand-off answers with: name, email and message, all required. */
export function contactFormMessage(text?: string) {
  const metadata: FormMetadata = {
    title: 'Contact our team',
    formFields: [
      { id: 'name', label: 'Name', type: 'text', placeholder: 'Your name', required: true },
      { id: 'email', label: 'Email', type: 'email', placeholder: 'you@example.com', required: true },
      { id: 'message', label: 'Message', type: 'textarea', placeholder: 'How can we help?', required: true },
    ],
    submitButton: { text: 'Send', icon: 'send' },
  };
  return { content: text?.trim() || CONTACT_FORM_TEXT, messageType: 'form' as const, metadata };
}
