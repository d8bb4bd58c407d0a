import {
  SURVEY_MESSAGES as MESSAGES,
  type SurveyAssistantAction,
  type SurveyAssistantMessage,
  type SurveyAssistantRequest,
  type SurveyAssistantResponse,
} from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, client, serverMessage, unwrap } from '../../lib/api';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';

/** One line of the survey assistant conversation, keyed for the list. */
export type SurveyAssistantLine = SurveyAssistantMessage & { id: number };

/**
 * The survey assistant conversation of one bot: `send` shows the owner's line, asks the API with
 * the builder's current draft (`readContext`), then shows the reply's bubbles, a proposed survey
 * riding on the bubble that carries it. An empty reply reads "I couldn't generate a response.".
 * A failure is an "Error" toast; the owner's line leaves the conversation, `onFailed` gets to give
 * their words back, and a refused (400) or rate-limited (429) request keeps the server's reason
 * as `problem` so the owner sees what to change or how long to wait.
 */
export function useSurveyAssistant(guid: string, readContext: () => SurveyAssistantRequest['context']) {
  const [messages, setMessages] = useState<SurveyAssistantLine[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const nextId = useRef(0);
  const ask = useMutation({
    mutationFn: (json: SurveyAssistantRequest) =>
      unwrap(client.chatbots[':guid']['survey-assistant'].$post({ param: { guid }, json })),
  });

  const line = (sender: SurveyAssistantLine['sender'], content: string, action: SurveyAssistantAction, surveyConfig?: SurveyAssistantLine['surveyConfig']): SurveyAssistantLine => ({
    id: ++nextId.current,
    sender,
    content,
    timestamp: new Date().toISOString(),
    action,
    ...(surveyConfig && { surveyConfig }),
  });

  function send(action: SurveyAssistantAction, userMessage: string, shown: string, onFailed: () => void) {
    const asked = line('user', shown, action);
    setProblem(null);
    setMessages((current) => [...current, asked]);
    ask.mutate(
      { action, context: readContext(), userMessage },
      {
        onSuccess: (reply) => setMessages((current) => [...current, ...replyLines(reply, action, line)]),
        onError: (error) => {
          setMessages((current) => current.filter((m) => m.id !== asked.id));
          onFailed();
          if (handleUnauthorized(error)) return;
          // The toast always reads the same; a refusal or a rate limit also says inline what to change or how long to wait.
          const status = error instanceof ApiError ? error.status : 0;
          if (status === 400 || status === 429) setProblem(serverMessage(error, MESSAGES.assistantFailed));
          toast({ variant: 'destructive', title: 'Error', description: MESSAGES.assistantFailed });
        },
      },
    );
  }

  return { messages, pending: ask.isPending, problem, send };
}

/**
 * The reply as conversation lines: every bubble with words or a survey. A survey bubble stays
 * even without words, since the survey is what the owner asked for.
 */
function replyLines(reply: SurveyAssistantResponse, asked: SurveyAssistantAction, line: (sender: 'assistant', content: string, action: SurveyAssistantAction, config?: SurveyAssistantLine['surveyConfig']) => SurveyAssistantLine) {
  const action = reply.action ?? asked;
  const bubbles = 'bubbles' in reply ? reply.bubbles.map((b) => ({ text: b.content ?? '', config: b.metadata?.surveyConfig })) : [{ text: reply.content ?? '', config: undefined }];
  const kept = bubbles.filter(({ text, config }) => text.trim() || config);
  if (!kept.length) return [line('assistant', MESSAGES.assistantEmpty, action)];
  return kept.map(({ text, config }) => line('assistant', text, action, config));
}
