/** Bot name and avatar with the "Start new conversation" and close (or minimise) buttons. */
export function PanelHeader({
  titleId,
  name,
  avatarUrl,
  embedded,
  onRefresh,
  onClose,
}: {
  titleId: string;
  name: string;
  avatarUrl?: string | null;
  embedded?: boolean;
  onRefresh?: () => void;
  onClose: () => void;
}) {
  return (
    <div className="cw-header">
      {avatarUrl ? <img className="cw-avatar" src={avatarUrl} alt="" /> : null}
      <h2 id={titleId} className="cw-title">
        {name}
      </h2>
      {onRefresh ? (
        <button type="button" className="cw-icon-btn" aria-label="Start new conversation" title="Start new conversation" onClick={onRefresh}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M17.7 6.3A8 8 0 1 0 20 12h-2a6 6 0 1 1-1.8-4.2L13 11h7V4z" />
          </svg>
        </button>
      ) : null}
      <button type="button" className="cw-icon-btn" aria-label={embedded ? 'Minimise chat' : 'Close chat'} title={embedded ? 'Minimise chat' : 'Close chat'} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          {embedded ? (
            <path fill="currentColor" d="M5 11h14v2H5z" />
          ) : (
            <path fill="currentColor" d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 1 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4z" />
          )}
        </svg>
      </button>
    </div>
  );
}
