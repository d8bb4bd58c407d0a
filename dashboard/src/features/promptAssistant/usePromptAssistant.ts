import {
  capHistory,
  PROMPT_ASSISTANT_MESSAGES as MESSAGES,
  type PromptAssistantAction,
  type PromptAssistantContext,
  type PromptAssistantResponse,
} from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, client, serverMessage, unwrap } from '../../lib/api';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

/** One line of the assistant conversation; an extractable one holds a system prompt alone. */
export type AssistantMessage = { id: number; role: 'user' | 'assistant'; content: string; extractable: boolean };

/**
 * The prompt assistant conversation of one bot (`guid`, or "new-chatbot" before it exists):
 * `send` shows the owner's line, asks the API with the form's current values (`readContext`)
 * and the conversation so far, then shows the reply's bubbles. The first bubble of a generate or
 * improve reply is the extractable prompt; an empty reply reads "I couldn't generate a
 * response."; a failure is an "Error" toast (with the server's words when it is a rate limit),
 * the owner's line leaves the conversation and `onFailed` gets to give their words back.
 */
export function usePromptAssistant(guid: string, readContext: () => PromptAssistantContext) {
  const [messages, setMessages] = useState<AssistantMessage[]>([]);
  const nextId = useRef(0);
  const ask = useMutation({
    mutationFn: (json: Parameters<(typeof client.chatbots)[':guid']['prompt-assistant']['$post']>[0]['json']) =>
      unwrap(client.chatbots[':guid']['prompt-assistant'].$post({ param: { guid }, json })),
  });

  const line = (role: AssistantMessage['role'], content: string, extractable = false): AssistantMessage => ({
    id: ++nextId.current,
    role,
    content,
    extractable,
  });

  function send(action: PromptAssistantAction, userMessage: string, shown: string, onFailed: () => void) {
    // The server caps what a model sees the same way; capping here keeps the request small.
    const history = capHistory(messages.map(({ role, content }) => ({ role, content })));
    const asked = line('user', shown);
    setMessages((current) => [...current, asked]);
    ask.mutate(
      { action, context: readContext(), userMessage, history },
      {
        onSuccess: (reply) => setMessages((current) => [...current, ...replyLines(reply, line)]),
        onError: (error) => {
          setMessages((current) => current.filter((m) => m.id !== asked.id));
          onFailed();
          if (handleUnauthorized(error)) return;
          // A rate limit says how long to wait; anything else keeps the panel's own words.
          const tooMany = error instanceof ApiError && error.status === 429;
          toast({ variant: 'destructive', title: 'Error', description: tooMany ? serverMessage(error, MESSAGES.failed) : MESSAGES.failed });
        },
      },
    );
  }

  return { messages, pending: ask.isPending, send };
}

/**
 * The reply as conversation lines. Only the first bubble of a generate or improve reply can be the
 * prompt, and only when it holds text: a blank first bubble never promotes the note after it to
 * an appliable prompt.
 */
function replyLines(reply: PromptAssistantResponse, line: (role: 'assistant', content: string, extractable?: boolean) => AssistantMessage): AssistantMessage[] {
  const promptFirst = 'bubbles' in reply && (reply.action === 'generate' || reply.action === 'improve');
  const texts = 'bubbles' in reply ? reply.bubbles.map((b) => b.content) : [reply.content];
  const lines = texts.map((text, i) => ({ text, extractable: promptFirst && i === 0 })).filter(({ text }) => text.trim());
  if (!lines.length) return [line('assistant', MESSAGES.empty)];
  return lines.map(({ text, extractable }) => line('assistant', text, extractable));
}
