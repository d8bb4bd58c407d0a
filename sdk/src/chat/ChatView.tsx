import type { Ref } from 'react';
import { ChatActionsContext } from './ChatActions';
import { Composer } from './Composer';
import { TypingDots } from '../messages/TypingDots';
import { useRichMessages } from '../messages/useRichMessages';
import { MessageList } from './MessageList';
import type { Chat } from './useChat';

/** The chat tab: message log, typing indicator, errors, read-only notice with the contact form, input. */
export function ChatView({
  chat,
  welcomeMessage,
  avatarUrl,
  botName,
  inputRef,
}: {
  chat: Pick<Chat, 'messages' | 'drafts' | 'status' | 'error' | 'readOnly' | 'actions' | 'send' | 'submitContact'> & Partial<Pick<Chat, 'identity'>>;
  welcomeMessage?: string | null;
  avatarUrl?: string | null;
  botName?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  // The contact form is only ever needed at a limit: it comes with the rich message chunk.
  const showForm = !!chat.readOnly?.showContactForm;
  const rich = useRichMessages(showForm);
  return (
    <ChatActionsContext.Provider value={chat.actions}>
      <div className="cw-chat">
        <MessageList
          messages={chat.messages}
          drafts={chat.drafts}
          status={chat.status}
          welcomeMessage={welcomeMessage}
          avatarUrl={avatarUrl}
          botName={botName}
        />
        {chat.error ? (
          <p className="cw-error" role="alert">
            {chat.error}
          </p>
        ) : null}
        {chat.readOnly ? (
          <div className="cw-readonly">
            <p role="status">{chat.readOnly.message}</p>
            {showForm ? rich ? <rich.LimitContactForm onSubmit={chat.submitContact} prefill={chat.identity} /> : <TypingDots label="Loading form" /> : null}
          </div>
        ) : null}
        <Composer onSend={(text) => void chat.send(text)} status={chat.status} readOnly={!!chat.readOnly} inputRef={inputRef} />
      </div>
    </ChatActionsContext.Provider>
  );
}
