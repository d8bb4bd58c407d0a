import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string | null; replyTo?: string | null };
export type Mailer = { send(mail: OutgoingMail): Promise<void> };

/**
 * SMTP through nodemailer, from a connection URL such as `smtp://user:pass@host:587` (query
 * options like `?secure=true` work as nodemailer documents). Timeouts are short because the
 * outbox retries anyway; a hung server must not hold a visitor's form submission for minutes.
 */
export function createMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        replyTo: mail.replyTo ?? undefined,
      });
    },
  };
}
