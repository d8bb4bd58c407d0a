import type OpenAI from 'openai';
import type { PromptAssistantRequest, PromptAssistantResponse } from '@parley/contracts';
import { completeText, stripFence } from '../ai/assistantModel';
import type { KnowledgeSource } from './writeSystemPrompt';

const START = '<<<SYSTEM_PROMPT>>>';
const END = '<<<END_SYSTEM_PROMPT>>>';
const MAX_NOTES = 3;

/**
 * The prompt assistant with a language model: a prompt engineer that knows the bot's details
 * and sources and the conversation so far. A prompt it writes comes back between two marker
 * lines, so the reply's first bubble holds only the prompt (ready to copy or apply) and its
 * remarks follow as short notes. A model failure answers 502.
 */
export async function modelAssistant(
  client: OpenAI,
  model: string,
  request: PromptAssistantRequest,
  sources: KnowledgeSource[],
): Promise<PromptAssistantResponse> {
  const text = await completeText(
    client,
    {
      model,
      temperature: 0.4,
      max_tokens: 2500,
      messages: [
        { role: 'system', content: metaPrompt(request, sources) },
        ...(request.history ?? []).map((turn) => ({ role: turn.role, content: turn.content })),
        { role: 'user', content: ask(request) },
      ],
    },
    'prompt assistant',
  );
  return parseReply(request, text);
}

/** What the model is told it is, what it knows about the bot, and how to hand back a prompt. */
function metaPrompt({ context }: PromptAssistantRequest, sources: KnowledgeSource[]): string {
  const sourceLines = sources.map((s) => `- ${[s.title, s.url, s.fileName].filter(Boolean).join(' | ')}`).join('\n');
  return [
    "You are an expert prompt engineer. You help the owner of a customer-support chatbot write the chatbot's system prompt.",
    'A good system prompt says who the bot is and for which business, its scope, that it answers only from the knowledge it is given (citing the page it used), its tone, how it formats answers, what it does when it is unsure (say so, never invent, offer the contact form) and when it hands the visitor over to a person.',
    '',
    'The chatbot:',
    `Name: ${context.chatbotName || '(not named yet)'}`,
    `Description: ${context.description || '(none)'}`,
    `Knowledge sources it was trained on:\n${sourceLines || '(none yet)'}`,
    `Current system prompt:\n${context.currentPrompt.trim() ? `"""\n${context.currentPrompt}\n"""` : '(empty)'}`,
    '',
    'Whenever you write or rewrite the system prompt, put the complete prompt, and nothing else, between a line',
    START,
    'and a line',
    END,
    'Then add at most three short notes, one per paragraph, about what you did or what the owner could add. Do not repeat the prompt outside the markers.',
    'When the owner only asks a question, answer briefly in plain text without the markers.',
  ].join('\n');
}

function ask({ action, userMessage }: PromptAssistantRequest): string {
  const words = userMessage.trim();
  if (action === 'generate') return `Write a complete system prompt for this chatbot.${words ? `\nMy instructions: ${words}` : ''}`;
  if (action === 'improve') {
    return `Improve the current system prompt: keep every instruction it contains, organise it clearly and add what is missing.${words ? `\nMy instructions: ${words}` : ''}`;
  }
  return words;
}

/**
 * The model's text as a reply: the marked prompt as the first bubble and the rest as notes.
 * Without a marked prompt (no markers, or markers around nothing) the text is a plain chat
 * answer, whatever was asked: only what the model marked as the prompt may be applied to the
 * System Prompt field, never a remark about it.
 */
function parseReply(request: PromptAssistantRequest, text: string): PromptAssistantResponse {
  const start = text.indexOf(START);
  if (start < 0) return { action: 'chat', content: text.trim() };
  const end = text.indexOf(END, start + START.length);
  const prompt = stripFence(text.slice(start + START.length, end < 0 ? undefined : end));
  const rest = `${text.slice(0, start)}\n\n${end < 0 ? '' : text.slice(end + END.length)}`;
  const notes = rest
    .split(/\n\s*\n/)
    .map((n) => n.trim())
    .filter(Boolean)
    .slice(0, MAX_NOTES);
  if (!prompt) return { action: 'chat', content: notes.join('\n\n') };
  const action = request.action === 'chat' ? (request.context.currentPrompt.trim() ? 'improve' : 'generate') : request.action;
  return { action, bubbles: [{ content: prompt }, ...notes.map((content) => ({ content }))] };
}
