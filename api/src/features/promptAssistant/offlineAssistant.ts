import type { PromptAssistantRequest, PromptAssistantResponse } from '@parley/contracts';
import { joinWords } from '../../lib/joinWords';
import { asksForChange, asksForRemoval, instructionsOf } from './promptInstructions';
import { improveSystemPrompt, writeSystemPrompt, type KnowledgeSource, type PromptDetails } from './writeSystemPrompt';

const REVIEW = 'Review it before you save: it is a draft built from your details, and no AI model was involved.';

/**
 * The prompt assistant when no model is configured: generate and improve go to the offline
 * writer, and a chat message that asks for a change ("make it more formal") is applied as an
 * improvement. Anything else gets an honest answer about what the offline assistant can do;
 * nothing here pretends a model wrote it.
 */
export function offlineAssistant(request: PromptAssistantRequest, sources: KnowledgeSource[]): PromptAssistantResponse {
  const { context, userMessage } = request;
  const details: PromptDetails = { name: context.chatbotName, description: context.description, ownerWords: userMessage, sources };
  const current = context.currentPrompt.trim();

  if (request.action === 'generate') return generated(details);
  if (request.action === 'improve') return improved(current, details);

  if (asksForRemoval(userMessage)) {
    return {
      action: 'chat',
      content:
        "The offline assistant only adds to a prompt and never deletes your words, so it can't remove that for you. Edit the System Prompt field directly, then press Improve if you want it arranged into sections again.",
    };
  }
  if (asksForChange(userMessage)) {
    const reply = current ? improved(current, details) : generated(details);
    const applied = instructionsOf(userMessage);
    return {
      action: reply.action,
      bubbles: [reply.bubbles[0], { content: `Applied offline: ${applied.join(' ')} ${current ? 'Everything else in your prompt is kept.' : ''}`.trim() }, { content: REVIEW }],
    };
  }
  return { action: 'chat', content: HELP };
}

const HELP = [
  'This is the offline prompt assistant: no AI model is configured on this Parley install, so it cannot hold an open conversation. It can:',
  "• Generate: write a complete system prompt from the bot's name, description, its sources and any instructions you type first.",
  '• Improve: keep every sentence of your current prompt, arrange it into sections and add what is missing (what to answer from, tone, format, what to do when unsure, hand-off to a person).',
  '• Apply a change you describe, such as "make it more formal", "answer in French" or "focus on billing".',
].join('\n');

function generated(details: PromptDetails): { action: 'generate'; bubbles: { content: string }[] } {
  const { prompt } = writeSystemPrompt(details);
  const used = [
    details.name.trim() && "the bot's name",
    details.description.trim() && 'its description',
    details.ownerWords.trim() && 'your instructions',
    details.sources.length && `the titles of its ${details.sources.length === 1 ? 'source' : `${details.sources.length} sources`}`,
  ].filter((x): x is string => Boolean(x));
  const from = used.length ? `Written offline from ${joinWords(used)}.` : 'Written offline from general support practice: add a name and a description for a more specific prompt.';
  return {
    action: 'generate',
    bubbles: [
      { content: prompt },
      { content: `${from} ${REVIEW}` },
      { content: 'Want changes? Type them below (for example "make it more formal" or "answer in French") and send them.' },
    ],
  };
}

function improved(current: string, details: PromptDetails): { action: 'improve'; bubbles: { content: string }[] } {
  const { prompt, added, kept } = improveSystemPrompt(current, details);
  const keptText = `Kept all ${kept} ${kept === 1 ? 'sentence' : 'sentences'} of your prompt and arranged them into sections.`;
  const addedText = added.length ? ` Added: ${joinWords(added)}.` : ' It already covered every essential section.';
  const words = details.ownerWords.trim() ? ' Your instructions are folded in.' : '';
  return { action: 'improve', bubbles: [{ content: prompt }, { content: `${keptText}${addedText}${words} ${REVIEW}` }] };
}
