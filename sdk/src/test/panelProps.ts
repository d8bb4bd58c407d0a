import type { ChatPanelProps } from '../widget/ChatPanel';

/** An open panel with nothing in it, for tests of what the panel does around its content. */
export const OPEN_PANEL_PROPS: ChatPanelProps = {
  idPrefix: 'cw-test',
  phase: 'open',
  name: 'Acme Help',
  status: 'loading',
  tab: 'home',
  onTab: () => {},
  messageCount: 0,
  home: null,
  chat: null,
  onRefresh: () => {},
  onClose: () => {},
};
