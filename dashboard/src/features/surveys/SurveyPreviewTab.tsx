import { surveyCompletionMessage, surveyIntroMessage, surveyQuestionMessage, type ChatMessage, type SurveyConfig } from '@parley/contracts';
import { Eye } from 'lucide-react';
import { useMemo } from 'react';
import type { Chatbot } from '../../lib/api';
import { BotTranscript } from '../widget/BotTranscript';

const EMPTY_PREVIEW_TEXT = 'Add a question to preview the survey.';

/**
 * The survey as a visitor meets it in the chat, drawn by the widget's own components (read-only,
 * in a shadow root like the widget): the intro, each question as the chat asks it, then the
 * completion message. It follows the draft, so unsaved edits show at once.
 */
export function SurveyPreviewTab({ bot, surveyId, name, config }: { bot: Chatbot; surveyId: number; name: string; config: SurveyConfig }) {
  const messages = useMemo(() => previewMessages(surveyId, name, config), [surveyId, name, config]);
  if (config.questions.length === 0) {
    return (
      <div className="flex flex-col items-center py-10 text-center text-slate-600 dark:text-slate-400">
        <Eye className="h-8 w-8" aria-hidden />
        <p className="mt-2 text-sm">{EMPTY_PREVIEW_TEXT}</p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">What a visitor sees once a topic or quick action starts this survey. Answers are not recorded here.</p>
      <BotTranscript
        bot={bot}
        messages={messages}
        testId="survey-preview"
        className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800"
        entryProps={previewEntry}
      />
    </div>
  );
}

const previewEntry = () => ({ 'data-testid': 'preview-message' });

/** The bot's messages of a whole run, built as the chat builds them: the intro, each question, the completion message. */
function previewMessages(surveyId: number, name: string, config: SurveyConfig): ChatMessage[] {
  const createdAt = new Date().toISOString();
  const bot = (id: string, { content, messageType, metadata }: Pick<ChatMessage, 'content' | 'messageType' | 'metadata'>): ChatMessage => ({
    id,
    sessionId: 'survey-preview',
    sender: 'bot',
    content,
    messageType,
    metadata,
    createdAt,
  });
  return [
    bot('preview-intro', surveyIntroMessage(surveyId, config, name)),
    ...config.questions.map((_, index) => bot(`preview-question-${index}`, surveyQuestionMessage(surveyId, config, index))),
    bot('preview-completion', surveyCompletionMessage(surveyId, config)),
  ];
}
