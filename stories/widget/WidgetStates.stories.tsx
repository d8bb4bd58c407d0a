import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ChatWidget } from '../../sdk/src/ChatWidget';
import { DEFAULT_HOME_SCREEN } from '../../sdk/src/home/defaultHome';
import { STORY_API_URL } from '../support/installFakeApi';
import { sessionStorageKey } from '../../sdk/src/lib/storage';
import { demoBot, sampleHistory } from '../support/fixtures';
import { HostPage } from '../support/HostPage';
import type { ParleyParameters } from '../support/parleyParameters';
import { openChatTab, sendMessage } from '../support/playWidget';
import { categoryTabs, footer, header, homeOf, quickActions, SHOP_TOPICS, topicGrid } from '../home/homeFixtures';

/**
 * The whole widget, `<ChatWidget>` exactly as a React app embeds it (its own shadow root),
 * talking to a fake Parley API behind `fetch` (stories/support/installFakeApi.ts). Stories that
 * need a conversation drive the widget with a play function, as a visitor would.
 */
const meta = {
  title: 'Widget/States',
  component: ChatWidget,
  args: {
    apiUrl: STORY_API_URL,
    chatbotId: 'demo-bot',
    onOpen: fn().mockName('widget.onOpen'),
    onClose: fn().mockName('widget.onClose'),
    onMessage: fn().mockName('widget.onMessage'),
    onError: fn().mockName('widget.onError'),
  },
  decorators: [
    // A frame has no host page around the widget; the floating widget gets one.
    (Story, { args }) =>
      args.embedded ? (
        <Story />
      ) : (
        <HostPage>
          <Story />
        </HostPage>
      ),
  ],
  parameters: { layout: 'fullscreen', parley: { shadow: false, api: {} } satisfies ParleyParameters },
} satisfies Meta<typeof ChatWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

const api = (scenario: NonNullable<ParleyParameters['api']>) => ({ parley: { shadow: false, api: scenario } satisfies ParleyParameters });

/** Closed: the launcher, and the bot's initial messages popping up one every 2 s with "Hide messages". */
export const ClosedWithPopupBubbles: Story = {
  parameters: api({
    config: demoBot({ initialMessages: ['Hi there 👋', 'Questions about your order? Ask me!', 'Free returns within 30 days.'] }),
  }),
};

/** Closed without initial messages: only the launcher; nothing is requested until it is opened. */
export const ClosedLauncherOnly: Story = {};

/** Open on the home tab of a bot without a home design: the default home. */
export const Open: Story = {
  args: { defaultOpen: true },
};

/** Open on a designed home screen with the bot's own colours and a background image. */
export const OpenWithDesignedHome: Story = {
  args: { defaultOpen: true },
  parameters: api({
    config: demoBot({
      theme: { chat: { primary: '#7c3aed' } },
      homeScreenConfig: homeOf([header(), quickActions(), categoryTabs(), topicGrid({ title: '', topics: SHOP_TOPICS }), footer()], {
        primaryColor: '#7c3aed',
        backgroundColor: '#faf5ff',
        textColor: '#1e1b4b',
      }),
    }),
  }),
};

/** A returning visitor: the stored session's history on the chat tab, with its message-count badge. */
export const Conversation: Story = {
  args: { defaultOpen: true },
  parameters: api({ resumeSession: true, history: sampleHistory() }),
  play: async ({ canvasElement }) => {
    await openChatTab(canvasElement);
  },
};

/** The visitor sent a message and the bot has not answered yet: the typing indicator. */
export const Typing: Story = {
  args: { defaultOpen: true },
  parameters: api({ reply: 'hang' }),
  play: async ({ canvasElement }) => {
    const widget = await sendMessage(canvasElement, 'Do you ship to Canada?');
    await widget.findByRole('status', { name: 'Assistant is typing' });
  },
};

/** The answer streams in token by token (`delta`), then becomes a bubble with sources and quick replies. */
export const StreamingAnswer: Story = {
  args: { defaultOpen: true },
  parameters: api({ reply: 'answer', tokenDelayMs: 90 }),
  play: async ({ canvasElement }) => {
    await sendMessage(canvasElement, 'Do you ship to Canada?');
  },
};

/**
 * Read-only after the message limit: the notice, the contact form (Send Message disabled until
 * every field is valid) and the disabled input "Chat temporarily unavailable".
 */
export const ReadOnlyWithContactForm: Story = {
  args: { defaultOpen: true },
  parameters: api({ readOnly: true, history: sampleHistory().slice(0, 2) }),
  play: async ({ canvasElement }) => {
    await openChatTab(canvasElement);
  },
};

/** The limit is reached mid-conversation: the stream answers `limit_exceeded` and the chat turns read-only. */
export const LimitReachedWhileChatting: Story = {
  args: { defaultOpen: true },
  parameters: api({ reply: 'limit_exceeded' }),
  play: async ({ canvasElement }) => {
    const widget = await sendMessage(canvasElement, 'One more question…');
    await widget.findByRole('form', { name: 'Contact us' });
  },
};

/** Under 768 px the panel is a full-screen overlay. */
export const Mobile: Story = {
  args: { defaultOpen: true },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

/**
 * Embedded in a frame (`/widget/{userId}/{guid}`): config injected by the server page, the
 * session resumed from the frame's own session storage, no launcher or pop-ups, the panel
 * fills the frame and "Minimise chat" posts `{type: 'chat-widget:close'}` to the parent window.
 */
export const Embedded: Story = {
  args: { embedded: true, chatbotConfig: demoBot() },
  parameters: api({ history: sampleHistory(), resumeSession: sessionStorageKey(true, 'demo-bot') }),
};

/** Launcher on the left with explicit colours (they override the bot's theme). */
export const BottomLeftCustomColours: Story = {
  args: { defaultOpen: true, position: 'bottom-left', primaryColor: '#db2777', backgroundColor: '#fff7fb', textColor: '#3f0d24' },
  parameters: api({ config: demoBot({ homeScreenConfig: DEFAULT_HOME_SCREEN }) }),
};

/** A bot that is switched off renders no widget at all. */
export const InactiveBot: Story = {
  args: { defaultOpen: true },
  parameters: api({ config: demoBot({ isActive: false }) }),
};

/** The bot cannot be loaded (unknown guid): the panel says so instead of failing silently. */
export const ConfigurationError: Story = {
  args: { defaultOpen: true, chatbotId: 'no-such-bot' },
  parameters: api({ config: null }),
};
