export type ContactValues = { contactType: '' | 'sales' | 'support'; name: string; email: string; company: string; message: string };
export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The public contact form's rules and messages (spec §5). */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (values.contactType !== 'sales' && values.contactType !== 'support') errors.contactType = 'Please select how we can help you';
  if (values.name.trim().length < 2) errors.name = 'Name must be at least 2 characters';
  if (!EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (values.message.trim().length < 10) errors.message = 'Message must be at least 10 characters';
  return errors;
}
