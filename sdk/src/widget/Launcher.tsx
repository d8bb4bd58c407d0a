import type { Ref } from 'react';
import { LAUNCHER_ICONS } from './launcherIcons';

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
        <path fill="currentColor" d={open ? LAUNCHER_ICONS.close : LAUNCHER_ICONS.open} />
      </svg>
    </button>
  );
}
