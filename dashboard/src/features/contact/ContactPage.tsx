import { Clock, LifeBuoy, Briefcase } from 'lucide-react';
import { Card } from '../../components/Card';
import { usePageMeta } from '../../lib/usePageMeta';
import { ContactForm } from './ContactForm';

const SIDE_CARDS = [
  { Icon: Briefcase, title: 'Sales Inquiries', text: 'Questions about plans, volume pricing or a demo for your team? Choose "Sales inquiry" and we will reach out.' },
  { Icon: LifeBuoy, title: 'Technical Support', text: 'Trouble training, embedding or configuring a chatbot? Choose "Technical support" and include your chatbot name.' },
  { Icon: Clock, title: 'Response Time', text: 'We typically respond within 24 hours. For urgent technical issues, mention "urgent" in your message subject.' },
];

/** /contact: the contact form with side cards. */
export function ContactPage() {
  usePageMeta({
    title: 'Contact Us - Parley',
    description: 'Talk to the Parley team about plans, demos or technical support. We typically respond within 24 hours.',
    keywords: 'contact Parley, chatbot sales, chatbot support',
    path: '/contact',
  });
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight">Get in touch</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">Have a question about Parley? Send us a message and we'll get back to you within 24 hours.</p>
      </div>
      <div className="mt-12 grid gap-8 lg:grid-cols-3">
        <Card className="p-6 sm:p-8 lg:col-span-2">
          <ContactForm />
        </Card>
        <div className="space-y-4">
          {SIDE_CARDS.map(({ Icon, title, text }) => (
            <Card key={title} className="p-6">
              <div className="flex items-start gap-4">
                <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <div>
                  <h2 className="font-semibold">{title}</h2>
                  <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
                </div>
              </div>
            </Card>
          ))}
        </div>
      </div>
    </div>
  );
}
