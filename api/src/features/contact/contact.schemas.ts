import { z } from 'zod';

/** The public contact form (visitor spec: "Public contact form" rules and messages). */
export const contactSchema = z.object({
  contactType: z.enum(['sales', 'support'], { message: 'Please select how we can help you' }),
  name: z.string({ message: 'Name must be at least 2 characters' }).trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
  email: z.string({ message: 'Please enter a valid email address' }).trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
  company: z
    .string()
    .trim()
    .max(200, 'Company must be at most 200 characters')
    .nullish()
    .transform((v) => v || null),
  message: z.string({ message: 'Message must be at least 10 characters' }).trim().min(10, 'Message must be at least 10 characters').max(5000, 'Message must be at most 5000 characters'),
});

export type ContactInput = z.infer<typeof contactSchema>;
