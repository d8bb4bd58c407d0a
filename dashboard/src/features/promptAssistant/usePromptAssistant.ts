import {
  PROMPT_ASSISTANT_LIMITS,
  PROMPT_ASSISTANT_MESSAGES as MESSAGES,
  type PromptAssistantAction,
  type PromptAssistantContext,
  type PromptAssistantResponse,
} from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { client, unwrap } from '../../lib/api';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

/** One line of the assistant conversation; an extractable one holds a system prompt alone. */
export type AssistantMessage = { id: number; role: 'user' | 'assistant'; content: string; extractable: boolean };

/**
 * The prompt assistant conversation of one bot (`guid`, or "new-chatbot" before it exists):
 * `send` shows the owner's line, asks the API with the form's current values (`readContext`)
 * and the conversation so far, then shows the reply's bubbles. The first bubble of a generate or
 * improve reply is the extractable prompt; an empty reply reads "I couldn't generate a
 * response."; a failure is an "Error" toast.
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

  function send(action: PromptAssistantAction, userMessage: string, shown: string) {
    const history = messages.slice(-PROMPT_ASSISTANT_LIMITS.historyTurns).map(({ role, content }) => ({ role, content: content.slice(0, PROMPT_ASSISTANT_LIMITS.currentPrompt) }));
    setMessages((current) => [...current, line('user', shown)]);
    ask.mutate(
      { action, context: readContext(), userMessage, history },
      {
        onSuccess: (reply) => setMessages((current) => [...current, ...replyLines(reply, line)]),
        onError: (error) => {
          if (!handleUnauthorized(error)) toast({ variant: 'destructive', title: 'Error', description: MESSAGES.failed });
        },
      },
    );
  }

  return { messages, pending: ask.isPending, send };
}

function replyLines(reply: PromptAssistantResponse, line: (role: 'assistant', content: string, extractable?: boolean) => AssistantMessage): AssistantMessage[] {
  const texts = ('bubbles' in reply ? reply.bubbles.map((b) => b.content) : [reply.content]).filter((t) => t.trim());
  if (!texts.length) return [line('assistant', MESSAGES.empty)];
  const promptFirst = reply.action === 'generate' || reply.action === 'improve';
  return texts.map((text, i) => line('assistant', text, promptFirst && i === 0 && 'bubbles' in reply));
}
