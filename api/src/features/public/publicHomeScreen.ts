import { HOME_DESIGN_DEFAULTS, type HomeScreenConfig } from '@parley/contracts';
import { PUBLIC_DEFAULT_PRIMARY } from './toPublicChatbotConfig';

/**
 * The home screen of the bot on Parley's own site. Every topic's message is a question that
 * docs/parley-knowledge.md answers (the bot is trained on it), so a click never ends on the
 * fallback message; the default-chatbot test asks each one through the chat API to keep it so.
 */
export const PUBLIC_HOME_SCREEN_CONFIG: HomeScreenConfig = {
  version: 1,
  components: [
    {
      id: 'header',
      type: 'header',
      order: 0,
      visible: true,
      props: { title: 'Welcome to Parley', subtitle: 'AI support chatbots trained on your own content. Ask me anything about Parley.' },
    },
    {
      id: 'quick-actions',
      type: 'quick_actions',
      order: 1,
      visible: true,
      props: {
        actions: [{ id: 'start-chat', title: 'Start a chat', description: 'Ask your own question', icon: '💬', actionType: 'start_chat' }],
        style: { itemStyle: HOME_DESIGN_DEFAULTS.itemStyle, titleFontSize: HOME_DESIGN_DEFAULTS.titleFontSize, descriptionFontSize: HOME_DESIGN_DEFAULTS.descriptionFontSize },
      },
    },
    {
      id: 'popular-topics',
      type: 'topic_grid',
      order: 2,
      visible: true,
      props: {
        title: 'Popular Topics',
        topics: [
          {
            id: 'create-chatbot',
            title: 'Create a chatbot',
            description: 'Sign up and build your first bot',
            icon: '🚀',
            actionType: 'message',
            message: 'How do I create a chatbot?',
          },
          {
            id: 'train-website',
            title: 'Train it on your website',
            description: 'Scan pages, paste text or upload files',
            icon: '📚',
            actionType: 'message',
            message: 'How do I train my chatbot on my website?',
          },
          {
            id: 'embed-widget',
            title: 'Embed the widget',
            description: 'One line of code on any site',
            icon: '🧩',
            actionType: 'message',
            message: 'How do I embed the widget on my website?',
          },
          {
            id: 'design-home',
            title: 'Design the home screen',
            description: 'Topics, categories and colours',
            icon: '🎨',
            actionType: 'message',
            message: 'How do I design the home screen of the widget?',
          },
          {
            id: 'plans',
            title: 'Plans and pricing',
            description: 'Chatbots and messages per plan',
            icon: '💳',
            actionType: 'message',
            message: 'How much does the Premium plan cost?',
          },
          {
            id: 'offline',
            title: 'Run it offline',
            description: 'Your own model or none at all',
            icon: '🔒',
            actionType: 'message',
            message: 'Can I use Ollama instead of OpenAI?',
          },
        ],
        style: { itemStyle: 'outlined', titleFontSize: HOME_DESIGN_DEFAULTS.titleFontSize, descriptionFontSize: HOME_DESIGN_DEFAULTS.descriptionFontSize },
      },
    },
  ],
  theme: {
    primaryColor: PUBLIC_DEFAULT_PRIMARY,
    backgroundColor: HOME_DESIGN_DEFAULTS.backgroundColor,
    textColor: HOME_DESIGN_DEFAULTS.textColor,
    backgroundImageUrl: null,
    backgroundImageTransparency: HOME_DESIGN_DEFAULTS.backgroundImageTransparency,
  },
  settings: { enableSearch: false, enableCategories: false },
};
