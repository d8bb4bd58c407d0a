import { z } from 'zod';
import { cleanString } from '../../lib/protocol';

/** The public contact form (visitor spec: "Public contact form" rules and messages). */
export const contactSchema = z.object({
  contactType: z.enum(['sales', 'support'], { message: 'Please select how we can help you' }),
  name: cleanString({ message: 'Name must be at least 2 characters' }).trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
  email: z.string({ message: 'Please enter a valid email address' }).trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
  company: cleanString()
    .trim()
    .max(200, 'Company must be at most 200 characters')
    .nullish()
    .transform((v) => v || null),
  message: cleanString({ message: 'Message must be at least 10 characters' }).trim().min(10, 'Message must be at least 10 characters').max(5000, 'Message must be at most 5000 characters'),
});

export type ContactInput = z.infer<typeof contactSchema>;
