import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on 127.0.0.1 for mail tests. `rejectNext` makes the next deliveries fail
 * with a temporary 451, so outbox retries can be exercised; `hold` makes deliveries wait.
 */
export async function startLocalSmtp() {
  const received: ReceivedMail[] = [];
  const state = { rejectNext: 0, held: null as Promise<void> | null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', async () => {
        if (state.held) await state.held;
        if (state.rejectNext > 0) {
          state.rejectNext--;
          const error = new Error('Mailbox busy') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Fail the next `count` deliveries with a temporary error. */
    rejectNext(count: number) {
      state.rejectNext = count;
    },
    /** Keep every delivery waiting (as a slow mail server would) until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      state.held = new Promise<void>((resolve) => {
        release = () => {
          state.held = null;
          resolve();
        };
      });
      return release;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
