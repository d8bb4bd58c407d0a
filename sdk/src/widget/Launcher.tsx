import type { Ref } from 'react';

/** The round floating button that opens and closes the panel. */
export function Launcher({
  open,
  onClick,
  panelId,
  buttonRef,
}: {
  open: boolean;
  onClick: () => void;
  panelId?: string;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="cw-launcher"
      aria-label={open ? 'Close chat' : 'Open chat'}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
        {open ? (
          <path fill="currentColor" d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 1 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4z" />
        ) : (
          <path fill="currentColor" d="M12 3C6.5 3 2 6.6 2 11c0 2.1 1 4 2.7 5.4L4 21l4.4-2.2c1.1.3 2.3.5 3.6.5 5.5 0 10-3.6 10-8S17.5 3 12 3z" />
        )}
      </svg>
    </button>
  );
}
