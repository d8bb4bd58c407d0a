import type { InferResponseType } from 'hono/client';
import type { client } from '../../lib/api';

/** A bot as the dashboard lists it, with the counts its next steps read. */
export type ListedChatbot = InferResponseType<typeof client.chatbots.$get, 200>[number];

/** A new bot's three first steps, in order: each key is also the path of its page under /chatbots/{guid}/. */
export const FIRST_STEPS = [
  { key: 'add-data', label: 'Add data', text: 'Train it on your website, a text or a file.' },
  { key: 'test', label: 'Test', text: 'Chat with it on the Test page before visitors do.' },
  { key: 'embed', label: 'Embed', text: 'Copy the embed code into your website.' },
] as const;

type StepKey = (typeof FIRST_STEPS)[number]['key'];
type NextStep = (typeof FIRST_STEPS)[number] & { done: boolean };

/**
 * A new bot's three first steps. Add data is done once it has a content source; Test once it has
 * held any conversation (a chat on the Test page, or a visitor's); Embed once the owner copied a
 * snippet from its Embed page in this browser, or once a visitor (not a Test-page chat) talked to it.
 */
export function nextStepsOf(bot: ListedChatbot): NextStep[] {
  const done: Record<StepKey, boolean> = {
    'add-data': bot.sourceCount > 0,
    test: bot.testConversationCount + bot.visitorConversationCount > 0,
    embed: bot.visitorConversationCount > 0 || embedCopied(bot.guid),
  };
  return FIRST_STEPS.map((step) => ({ ...step, done: done[step.key] }));
}

/** The newest bot whose steps are not all done and whose checklist was not dismissed. */
export function botNeedingSteps(bots: ListedChatbot[]): ListedChatbot | undefined {
  return bots.find((bot) => !stepsDismissed(bot.guid) && nextStepsOf(bot).some((s) => !s.done));
}

const embedKey = (guid: string) => `parley:embed-copied:${guid}`;
const dismissKey = (guid: string) => `parley:next-steps-dismissed:${guid}`;

/** Remembered per browser: the Embed page calls it when a snippet is copied. */
export const markEmbedCopied = (guid: string) => write(embedKey(guid));
export const dismissSteps = (guid: string) => write(dismissKey(guid));
const embedCopied = (guid: string) => read(embedKey(guid));
const stepsDismissed = (guid: string) => read(dismissKey(guid));

// Storage can be blocked (private modes, policies): the checklist then simply forgets.
function read(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}
function write(key: string) {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // see read()
  }
}
