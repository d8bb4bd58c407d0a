import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { updateChatbotSchema } from './chatbot.schemas';
import { EMAIL_PATTERN, isEmail, validateLimitContactForm, type ContactInput } from './contact';
import { contactSchema } from './contact.schemas';

const GOOD = ['ada@example.com', 'ada.lovelace+parley@mail.example.co.uk', "o'brien@example.org", 'x_y-z@sub-domain.example.io'];
const BAD = ['jo@example..com', 'jo..x@example.com', '.jo@example.com', 'jo.@example.com', 'jo@example', 'jo@-example.com', 'jo@example.c', 'jo example@x.com', 'nope', 'x@', '@example.com'];

const contact = (email: string) => ({ contactType: 'support', name: 'Ada', email, message: 'The widget does not load.' });
const firstMessage = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues[0]?.message;

/** Every place an address is checked; each must agree with the others. */
const paths: [string, (email: string) => boolean][] = [
  ['isEmail', isEmail],
  ['z.email()', (email) => z.email().safeParse(email).success],
  ['contactSchema', (email) => contactSchema.safeParse(contact(email)).success],
  ['chatbot formRecipientEmail', (email) => updateChatbotSchema.safeParse({ formRecipientEmail: email }).success],
  ['limit contact form', (email) => validateLimitContactForm({ name: 'Ada', email, message: 'Please call me back.' }).email === undefined],
];

describe('the one email rule', () => {
  it("is zod's own z.email() pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it.each(paths)('%s refuses jo@example..com and other broken addresses', (_, accepts) => {
    for (const email of BAD) expect(accepts(email), email).toBe(false);
  });

  it.each(paths)('%s accepts ordinary addresses', (_, accepts) => {
    for (const email of GOOD) expect(accepts(email), email).toBe(true);
  });

  it('bounds an address at 254 characters', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(isEmail(`a${at254}`)).toBe(false);
    expect(contactSchema.safeParse(contact(`a${at254}`)).success).toBe(false);
  });
});

describe('contactSchema', () => {
  it('checks the plain type, in both directions', () => {
    expectTypeOf<z.output<typeof contactSchema>>().toEqualTypeOf<ContactInput>();
  });

  it('gives the public form its texts, word for word', () => {
    expect(firstMessage(contactSchema.safeParse({ ...contact('ada@example.com'), contactType: '' }))).toBe('Please select how we can help you');
    expect(firstMessage(contactSchema.safeParse({ ...contact('ada@example.com'), name: ' A ' }))).toBe('Name must be at least 2 characters');
    expect(firstMessage(contactSchema.safeParse({ ...contact('ada@example.com'), name: 'A'.repeat(101) }))).toBe('Name must be at most 100 characters');
    expect(firstMessage(contactSchema.safeParse(contact('jo@example..com')))).toBe('Please enter a valid email address');
    expect(firstMessage(contactSchema.safeParse({ ...contact('ada@example.com'), email: undefined }))).toBe('Please enter a valid email address');
    expect(firstMessage(contactSchema.safeParse({ ...contact('ada@example.com'), company: 'C'.repeat(201) }))).toBe('Company must be at most 200 characters');
    expect(firstMessage(contactSchema.safeParse({ ...contact('ada@example.com'), message: '  too short ' }))).toBe('Message must be at least 10 characters');
    expect(firstMessage(contactSchema.safeParse({ ...contact('ada@example.com'), message: 'm'.repeat(5001) }))).toBe('Message must be at most 5000 characters');
  });

  it('trims, cleans and turns an empty company into null', () => {
    expect(contactSchema.parse({ ...contact(' ada@example.com '), name: ' Ada\u202E ', company: '' })).toEqual({
      contactType: 'support',
      name: 'Ada',
      email: 'ada@example.com',
      company: null,
      message: 'The widget does not load.',
    });
  });
});

describe('validateLimitContactForm', () => {
  it('keeps the widget texts and its 100-character email bound', () => {
    expect(validateLimitContactForm({ name: '', email: '', message: '' })).toEqual({ name: 'Name is required', email: 'Email is required', message: 'Message is required' });
    expect(validateLimitContactForm({ name: 'N'.repeat(51), email: 'jo@example..com', message: 'x'.repeat(1001) })).toEqual({
      name: 'Name must be at most 50 characters',
      email: 'Please enter a valid email address',
      message: 'Message must be less than 1000 characters',
    });
    expect(validateLimitContactForm({ name: 'Ada', email: `${'a'.repeat(94)}@x.com`, message: 'x'.repeat(10) })).toEqual({});
    expect(validateLimitContactForm({ name: 'Ada', email: `${'a'.repeat(95)}@x.com`, message: 'x'.repeat(10) })).toEqual({ email: 'Please enter a valid email address' });
  });
});
