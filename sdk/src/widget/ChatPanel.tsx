import { useEffect, useRef, type ReactNode } from 'react';
import type { ConfigStatus } from './useChatbotConfig';
import type { WidgetPhase } from './useOpenState';
import { TypingDots } from '../messages/TypingDots';
import { PanelHeader } from './PanelHeader';
import { PanelTabs, type WidgetTab } from './PanelTabs';
import { useScrollLock } from './useScrollLock';
import { useVisualViewport } from './useVisualViewport';

export interface ChatPanelProps {
  idPrefix: string;
  phase: WidgetPhase;
  embedded?: boolean;
  name: string;
  avatarUrl?: string | null;
  status: ConfigStatus;
  tab: WidgetTab;
  onTab: (tab: WidgetTab) => void;
  messageCount: number;
  home: ReactNode;
  chat: ReactNode;
  onRefresh: () => void;
  onClose: () => void;
}

/**
 * The open widget: a non-modal dialog that takes focus when it opens and closes on Escape,
 * with the header, the tabs and both tab panels (the inactive one hidden). Full screen on a
 * phone it follows the visual viewport (so the on-screen keyboard never covers the composer)
 * and the page behind it does not scroll; embedded, it leaves the frame's page alone.
 */
export function ChatPanel(props: ChatPanelProps) {
  const { idPrefix, phase, embedded, status, tab } = props;
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!embedded) panel.current?.focus({ preventScroll: true });
  }, [embedded]);
  useVisualViewport(panel, !embedded);
  useScrollLock(!embedded);
  // A tab's content is drawn the first time it shows, then kept (its scroll and draft with it):
  // the first opening draws the home screen alone, so it is usable sooner.
  const drawn = useRef(new Set<WidgetTab>());
  drawn.current.add(tab);

  return (
    <div
      ref={panel}
      id={`${idPrefix}-panel`}
      className={`cw-panel is-${phase}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${idPrefix}-title`}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      <PanelHeader
        titleId={`${idPrefix}-title`}
        name={props.name}
        avatarUrl={props.avatarUrl}
        embedded={embedded}
        onRefresh={status === 'ready' ? props.onRefresh : undefined}
        onClose={props.onClose}
      />
      {status === 'ready' ? (
        <>
          <PanelTabs idPrefix={idPrefix} tab={tab} onChange={props.onTab} messageCount={props.messageCount} />
          {(['home', 'chat'] as const).map((t) => (
            <div
              key={t}
              className="cw-tabpanel"
              role="tabpanel"
              id={`${idPrefix}-panel-${t}`}
              aria-labelledby={`${idPrefix}-tab-${t}`}
              hidden={tab !== t}
            >
              {drawn.current.has(t) ? (t === 'home' ? props.home : props.chat) : null}
            </div>
          ))}
        </>
      ) : status === 'error' ? (
        <div className="cw-center" role="alert">
          <p>
            <strong>Chat widget configuration error</strong>
          </p>
          <p>No valid chatbot configuration found</p>
        </div>
      ) : (
        <div className="cw-center">
          <TypingDots label="Loading" />
        </div>
      )}
    </div>
  );
}
