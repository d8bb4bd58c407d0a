import { env } from '../../env';
import { isEmailConfigured } from '../email/outbox.service';

/** What the install is set up for: a language model (else offline answers) and outgoing mail. */
export type SystemStatus = { modelConfigured: boolean; emailConfigured: boolean };

export function getSystemStatus(): SystemStatus {
  return { modelConfigured: Boolean(env.OPENAI_API_KEY), emailConfigured: isEmailConfigured() };
}
