/** The initial messages floating above the closed launcher, with a hide-all control. */
export function PopupBubbles({ messages, onOpen, onDismiss }: { messages: string[]; onOpen: () => void; onDismiss: () => void }) {
  if (!messages.length) return null;
  return (
    <div className="cw-popups" aria-live="polite">
      <button type="button" className="cw-popups-hide" onClick={onDismiss}>
        Hide messages
      </button>
      {messages.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: bubbles only ever append, in the bot's order
        <button key={i} type="button" className="cw-popup" onClick={onOpen}>
          {text}
        </button>
      ))}
    </div>
  );
}
