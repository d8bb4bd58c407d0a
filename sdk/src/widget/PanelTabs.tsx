import type { KeyboardEvent } from 'react';

export type WidgetTab = 'home' | 'chat';
const TABS: WidgetTab[] = ['home', 'chat'];

/** Home and Chat tabs (ARIA tabs, arrow keys move between them); Chat shows the message count. */
export function PanelTabs({
  idPrefix,
  tab,
  onChange,
  messageCount,
}: {
  idPrefix: string;
  tab: WidgetTab;
  onChange: (tab: WidgetTab) => void;
  messageCount: number;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    const next =
      e.key === 'ArrowRight' ? TABS[(index + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(index + TABS.length - 1) % TABS.length] : e.key === 'Home' ? TABS[0] : e.key === 'End' ? TABS[TABS.length - 1] : null;
    if (!next) return;
    e.preventDefault();
    onChange(next);
    const root = e.currentTarget.getRootNode() as Document | ShadowRoot;
    (root.getElementById?.(`${idPrefix}-tab-${next}`) as HTMLElement | null)?.focus();
  };
  return (
    <div className="cw-tabs" role="tablist" aria-label="Chat sections" onKeyDown={onKeyDown}>
      {TABS.map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${t}`}
          aria-selected={tab === t}
          aria-controls={`${idPrefix}-panel-${t}`}
          tabIndex={tab === t ? 0 : -1}
          className="cw-tab"
          onClick={() => onChange(t)}
        >
          {t === 'home' ? 'Home' : 'Chat'}
          {t === 'chat' && messageCount > 0 ? (
            <>
              <span className="cw-badge" aria-hidden="true">
                {messageCount}
              </span>
              <span className="cw-sr">, {messageCount} messages</span>
            </>
          ) : null}
        </button>
      ))}
    </div>
  );
}
