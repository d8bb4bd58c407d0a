/** Values of the limit-exceeded contact form. */
export interface ContactValues {
  name: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The widget contact form's rules and texts, exactly as spec §5 gives them. */
export function validateContactForm(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!name) errors.name = 'Name is required';
  else if (name.length < 2) errors.name = 'Name must be at least 2 characters';
  else if (name.length > 50) errors.name = 'Name must be at most 50 characters';
  if (!email) errors.email = 'Email is required';
  else if (email.length > 100 || !EMAIL.test(email)) errors.email = 'Please enter a valid email address';
  if (!message) errors.message = 'Message is required';
  else if (message.length < 10) errors.message = 'Message must be at least 10 characters';
  else if (message.length > 1000) errors.message = 'Message must be less than 1000 characters';
  return errors;
}
