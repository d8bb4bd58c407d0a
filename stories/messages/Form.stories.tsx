import type { Meta, StoryObj } from '@storybook/react-vite';
import { Conversation } from '../support/Conversation';
import { bot, user } from '../support/fixtures';

/** `form` messages: bot-supplied fields; submit stays disabled until every required field has text. */
const meta = {
  title: 'Messages/Form',
  component: Conversation,
} satisfies Meta<typeof Conversation>;
export default meta;
type Story = StoryObj<typeof meta>;

const contactForm = {
  title: 'Contact an agent',
  formFields: [
    { id: 'name', label: 'Name', type: 'text', placeholder: 'Your name', required: true },
    { id: 'email', label: 'Email', type: 'email', placeholder: 'you@example.com', required: true },
    { id: 'phone', label: 'Phone', type: 'tel', placeholder: 'Optional' },
    { id: 'topic', label: 'Topic', type: 'select', options: ['Order', 'Billing', 'Other'] },
    { id: 'message', label: 'How can we help?', type: 'textarea', required: true },
  ],
  submitButton: { text: 'Send to an agent', icon: '✉️' },
};

export const RequiredFields: Story = {
  args: { messages: [user('Request Live Agent'), bot('Leave your details and an agent will get back to you within 24 hours.', 'form', contactForm)] },
};

/** After sending, the form gives way to the bot's confirmation message (or the default text). */
export const Submitted: Story = {
  args: { messages: [bot('Leave your details and an agent will get back to you.', 'form', contactForm, 'form-1')] },
  parameters: { parley: { chat: { answers: { 'form-1': 'submitted' }, formConfirmationMessage: 'Thanks! Our team will email you within one business day.' } } },
};
