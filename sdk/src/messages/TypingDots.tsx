/** The three-dot typing indicator. */
export function TypingDots({ label = 'Assistant is typing' }: { label?: string }) {
  return (
    <div className="cw-typing" role="status" aria-label={label}>
      <span />
      <span />
      <span />
    </div>
  );
}
