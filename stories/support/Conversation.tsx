import { MessageList, type MessageListProps } from '../../sdk/src/chat/MessageList';

/** The chat tab's message log as the widget draws it (within the story's shadow frame). */
export function Conversation(props: MessageListProps) {
  return (
    <div className="cw-chat">
      <MessageList {...props} />
    </div>
  );
}
