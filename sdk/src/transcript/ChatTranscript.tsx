import { useMemo } from 'react';
import { leadOfMessage, type ChatMessage, type SentForm } from '@parley/contracts';
import { ChatActionsContext, type ChatActions } from '../chat/ChatActions';
import { MessageView } from '../messages/MessageView';
import { WidgetStyles } from '../widget/WidgetStyles';
import css from './transcript.css?inline';

/**
 * One item of a transcript: a message as stored, or a form the visitor sent (a lead), together
 * with the bot's form that asked for it when there was one (`form` is null for a form the
 * widget showed itself, such as the contact form of a bot over its limit).
 */
export type TranscriptEntry = { kind: 'message'; message: ChatMessage } | { kind: 'lead'; lead: ChatMessage; form: ChatMessage | null };

export interface ChatTranscriptProps {
  /** The conversation as `GET /api/chat/{sessionId}/messages` answers it, oldest first. */
  messages: readonly ChatMessage[];
  /** Names the bot's entries. Default `Bot`. */
  botName?: string;
  /** Image shown beside the bot's messages; none when empty. */
  avatarUrl?: string | null;
  /** Base URL that relative image and link URLs resolve against (the Parley server). */
  apiUrl?: string;
  /** The bot's theme colour, as in the widget: visitor bubbles and pressed choices. Default `#2563eb`. */
  primaryColor?: string;
  /** Background behind the messages. Default `#ffffff`. */
  backgroundColor?: string;
  /** Text colour of the messages. Default `#1f2937`. */
  textColor?: string;
  /** Extra attributes for each entry's element, such as `data-testid`. */
  entryProps?: (entry: TranscriptEntry) => Record<`data-${string}`, string>;
}

/**
 * A stored conversation, read-only, drawn by the widget's own message components: cards, menus
 * and multiple choices show the recorded choice, ratings the value given, forms the values the
 * visitor sent, answers the visitor's vote and sources. Each message names its sender and time;
 * an answer that was the bot's fallback is tagged "Unanswered", and the instruction behind a
 * visitor's click is shown under their words. Nothing can be clicked into sending. Made for an
 * owner's chat history.
 *
 * It renders the widget's stylesheet: put it inside a shadow root (as the widget itself is), so
 * the page's styles and the widget's stay apart.
 */
export function ChatTranscript({ messages, botName, avatarUrl, apiUrl = '', primaryColor, backgroundColor, textColor, entryProps }: ChatTranscriptProps) {
  const entries = useMemo(() => transcriptEntries(messages), [messages]);
  const actions = useMemo<ChatActions>(() => readOnlyActions(entries, apiUrl), [entries, apiUrl]);
  return (
    <WidgetStyles primaryColor={primaryColor} backgroundColor={backgroundColor} textColor={textColor}>
      <style>{css}</style>
      <ChatActionsContext.Provider value={actions}>
        <ol className="cw-transcript" aria-label="Messages">
          {entries.map((entry) =>
            entry.kind === 'lead' ? (
              <LeadEntry key={`lead-${entry.lead.id}`} entry={entry} botName={botName} avatarUrl={avatarUrl} extra={entryProps?.(entry)} />
            ) : (
              <MessageEntry key={String(entry.message.id)} message={entry.message} botName={botName} avatarUrl={avatarUrl} extra={entryProps?.(entry)} />
            ),
          )}
        </ol>
      </ChatActionsContext.Provider>
    </WidgetStyles>
  );
}

type EntryProps = { botName?: string; avatarUrl?: string | null; extra?: Record<string, string> };

function MessageEntry({ message, botName, avatarUrl, extra }: EntryProps & { message: ChatMessage }) {
  const fromVisitor = message.sender === 'user';
  const asked = fromVisitor ? internalMessageOf(message) : '';
  return (
    <li className={`cw-entry ${fromVisitor ? 'is-user' : 'is-bot'}`} data-sender={message.sender} {...extra}>
      <p className="cw-entry-meta">
        <span className="cw-entry-who">{fromVisitor ? 'Visitor' : botName || 'Bot'}</span>
        <Time iso={message.createdAt} />
        {message.metadata?.answerStatus === 'fallback' ? (
          <span className="cw-tag" title="The bot gave its fallback answer">
            Unanswered
          </span>
        ) : null}
      </p>
      <MessageView message={message} avatarUrl={avatarUrl} botName={botName} />
      {asked ? <p className="cw-entry-note">{`Asked the bot: ${asked}`}</p> : null}
    </li>
  );
}

/** A sent form: the form as the visitor filled it in, and whether it reached the owner by mail. */
function LeadEntry({ entry, botName, avatarUrl, extra }: EntryProps & { entry: Extract<TranscriptEntry, { kind: 'lead' }> }) {
  const lead = leadOfMessage(entry.lead)!;
  return (
    <li className="cw-entry is-lead" data-sender="user" {...extra}>
      <p className="cw-entry-meta">
        <span className="cw-tag is-lead">Lead</span>
        <span className="cw-entry-who">{lead.formTitle}</span>
        <Time iso={entry.lead.createdAt} />
      </p>
      <MessageView message={entry.form ?? formOfLead(entry.lead, lead)} avatarUrl={avatarUrl} botName={botName} />
      <p className="cw-entry-note">{lead.emailSent ? 'Emailed to you' : 'Not emailed (kept in your Leads inbox)'}</p>
    </li>
  );
}

function Time({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={iso} title={date.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}>
      {date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
    </time>
  );
}

/**
 * The entries of a conversation: `system` messages are internal and left out, except leads,
 * which take the place of the bot form they answer (the latest one of that title not yet
 * answered), or stand alone where there is none.
 */
function transcriptEntries(messages: readonly ChatMessage[]): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const openForms: { index: number; title: string; form: ChatMessage }[] = [];
  for (const message of messages) {
    const lead = leadOfMessage(message);
    if (lead) {
      let open = openForms.length - 1;
      while (open >= 0 && openForms[open]!.title !== lead.formTitle) open--;
      if (open === -1) entries.push({ kind: 'lead', lead: message, form: null });
      else {
        const [{ index, form }] = openForms.splice(open, 1) as [(typeof openForms)[number]];
        entries[index] = { kind: 'lead', lead: message, form };
      }
      continue;
    }
    if (message.messageType === 'system') continue;
    if (message.sender === 'bot' && message.messageType === 'form') openForms.push({ index: entries.length, title: formTitleOf(message), form: message });
    entries.push({ kind: 'message', message });
  }
  return entries;
}

/**
 * Chat actions that do nothing, with the answers a live chat would hold pre-filled from what was
 * stored: every message already revealed (no typing animation), and each form's sent values
 * (an unanswered form gets none, which locks it empty).
 */
function readOnlyActions(entries: TranscriptEntry[], apiUrl: string): ChatActions {
  const answers: Record<string, unknown> = {};
  for (const entry of entries) {
    const message = entry.kind === 'lead' ? (entry.form ?? formOfLead(entry.lead, leadOfMessage(entry.lead)!)) : entry.message;
    answers[`${message.id}:revealed`] = true;
    if (entry.kind === 'lead') answers[String(message.id)] = leadOfMessage(entry.lead)!.fields;
    else if (message.messageType === 'form') answers[String(message.id)] = [];
  }
  const noop = () => {};
  return { send: noop, selectOption: noop, submitForm: async () => false, answers, setAnswer: noop, disabled: true, apiUrl };
}

/** A lead sent without a bot form (the widget's own contact form), drawn as the widget's form. */
function formOfLead(message: ChatMessage, lead: SentForm): ChatMessage {
  return {
    id: `lead-${message.id}`,
    sessionId: message.sessionId,
    sender: 'bot',
    content: '',
    messageType: 'form',
    metadata: { title: lead.formTitle, formFields: lead.fields.map(({ id, label, type }) => ({ id, label, type })) },
    createdAt: message.createdAt,
  };
}

/** The title a bot form is sent under (the widget sends "Form" for an untitled one). */
function formTitleOf(message: ChatMessage): string {
  const title = message.metadata?.title;
  return typeof title === 'string' && title ? title : 'Form';
}

/**
 * The instruction behind a visitor's click (a menu choice or survey topic), stored as
 * `metadata.internalMessage`; '' when there is none or it only repeats the visible words.
 */
function internalMessageOf(message: ChatMessage): string {
  const internal = typeof message.metadata?.internalMessage === 'string' ? message.metadata.internalMessage.trim() : '';
  return internal && internal !== message.content.trim() ? internal : '';
}
