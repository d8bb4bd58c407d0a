import { ClipboardList, Code2, LifeBuoy, MessagesSquare, Rocket, SlidersHorizontal, Sparkles, Wrench } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { customElementSnippet, iframeSnippet, scriptTagSnippet } from '../../lib/embedSnippets';
import { SIGN_UP_HREF } from '../home/PrimaryCta';
import { CodeBlock } from './CodeBlock';

type DocSection = { id: string; title: string; Icon: ComponentType<{ className?: string }>; Body: ComponentType };

const origin = () => window.location.origin;

export const DOC_SECTIONS: DocSection[] = [
  {
    id: 'quick-start',
    title: 'Quick start',
    Icon: Rocket,
    Body: () => (
      <>
        <p>Parley takes about five minutes from sign-up to a live chatbot.</p>
        <ol>
          <li>
            <a href={SIGN_UP_HREF} className="text-blue-600 hover:underline dark:text-blue-400">Create a free account</a> (Free plan: 1 chatbot, 100 messages per month, no credit card).
          </li>
          <li>On the <Link to="/dashboard" className="text-blue-600 hover:underline dark:text-blue-400">dashboard</Link>, choose <strong>Create Chatbot</strong>, give it a name and review the default instructions (the prompt assistant can write them for you).</li>
          <li>The dashboard then lists the bot's next steps. Choose <strong>Add data</strong> on its card and scan your website, paste text or upload a text, PDF or Word file.</li>
          <li>Use <strong>Test</strong> to chat with your bot (these chats do not count against your plan), then copy the snippet from <strong>Embed</strong> into your site.</li>
        </ol>
      </>
    ),
  },
  {
    id: 'core-features',
    title: 'Core features',
    Icon: Sparkles,
    Body: () => (
      <ul>
        <li><strong>Knowledge sources</strong>: websites (up to 200 pages per scan, 50 by default), pasted text (at least 10 characters), text files (.txt, .csv, .md, .json, .xml under 5 MB) and PDF or Word files (.pdf, .docx under 10 MB; a PDF is cited page by page, a Word file by top-level section). Sources show their status: pending, scanning, completed or error.</li>
        <li><strong>Grounded answers</strong>: each reply is built from the most relevant passages of your content and cites the page it used. When nothing relevant is found, the bot answers with its fallback message.</li>
        <li><strong>Prompt assistant</strong>: writes or improves the bot's system prompt from its name and description; it works without a model key too. Review the suggestion before you save.</li>
        <li><strong>Leads inbox</strong>: contact requests from every bot's chat, newest first, marked unread until you open them, with a CSV export. Each one is also emailed to the bot's recipient when the install has mail set up.</li>
        <li><strong>Chat history</strong>: every conversation per chatbot, with message counts and activity. Your own chats on the Test page are labelled as tests.</li>
        <li><strong>Plans and limits</strong>: each plan caps active chatbots and monthly messages; Test page chats never count. The dashboard warns you as you approach the message limit (and an email does too, when mail is set up). Over the limit the widget becomes read-only and offers a contact form.</li>
      </ul>
    ),
  },
  {
    id: 'embedding',
    title: 'Embedding',
    Icon: Code2,
    Body: () => (
      <>
        <p>Replace <code>YOUR_BOT_ID</code> with the chatbot id shown on its Embed page. Pick one of three ways:</p>
        <h3>Script tag (recommended)</h3>
        <p>
          Paste this one line into every page that should show the chat, for example before the closing <code>&lt;/body&gt;</code> tag. It loads a small script that shows the
          launcher at once and fetches the rest of the widget when the page is idle. It has no inline code, so it also works on sites with a strict Content-Security-Policy that allows this
          server in <code>script-src</code> (and in <code>connect-src</code> and <code>img-src</code> when the site restricts them).
        </p>
        <CodeBlock label="Script tag snippet" code={scriptTagSnippet(origin(), 'YOUR_BOT_ID')} />
        <p>
          Options go on the tag as <code>data-position</code> (bottom-right or bottom-left), <code>data-primary-color</code>, <code>data-background-color</code> and{' '}
          <code>data-text-color</code>. Once the script has loaded, your page's own scripts can also pass <code>position</code>, <code>primaryColor</code>,{' '}
          <code>backgroundColor</code> and <code>textColor</code> to <code>ChatWidget.init</code> (or <code>ChatWidget.update</code>), control the widget with{' '}
          <code>ChatWidget.open()</code>, <code>close()</code>, <code>toggle()</code>, <code>sendMessage(text)</code> and <code>reset()</code>, listen with{' '}
          <code>ChatWidget.on('message', handler)</code> (also <code>ready</code>, <code>open</code>, <code>close</code> and <code>error</code>), and tell Parley who a signed-in
          visitor is with <code>ChatWidget.identify</code> (see Verified identity on the chatbot's Embed page).
        </p>
        <h3>Custom element</h3>
        <p>
          For sites that prefer standard web components. The widget renders in its own shadow DOM, so your CSS and the widget's never clash. The element has the same commands as
          methods (<code>open()</code>, <code>sendMessage(text)</code>, ...) and sends <code>widget-open</code>, <code>widget-message</code> and the other events.
        </p>
        <CodeBlock label="Custom element snippet" code={customElementSnippet(origin(), 'YOUR_BOT_ID')} />
        <h3>Inline iframe</h3>
        <p>Shows the chat inside your page at a fixed size (400 × 600 by default).</p>
        <CodeBlock label="Iframe snippet" code={iframeSnippet(origin(), 'YOUR_USER_ID', 'YOUR_BOT_ID')} />
      </>
    ),
  },
  {
    id: 'ai-configuration',
    title: 'AI configuration',
    Icon: SlidersHorizontal,
    Body: () => (
      <>
        <h3>Temperature</h3>
        <p>
          Controls how varied the answers are, from <strong>0.0 (focused)</strong> to <strong>1.0 (creative)</strong>. For customer support we recommend
          <strong> 0.3-0.7</strong>: low enough to stay close to your content, high enough to sound natural. The default is 0.7.
        </p>
        <h3>Max tokens</h3>
        <p>The longest answer the model may write, between 100 and 4000 tokens (default 1000). Roughly 750 words per 1000 tokens. Lower values keep replies short and cheap.</p>
        <h3>System prompt</h3>
        <p>The bot's standing instructions: who it is, what tone to use, what it must not do and when to hand over to a human. Be specific, for example:</p>
        <CodeBlock
          label="Example system prompt"
          code={'You are the support assistant for Acme Outdoor. Answer in a friendly, concise tone.\nOnly answer from the provided knowledge; if unsure, say so and offer to connect the visitor with our team.\nNever promise refunds; point to the returns policy instead.'}
        />
        <h3>Model</h3>
        <p>
          Choose gpt-4o-mini, gpt-4o or gpt-4.1 (default). Without a model key, Parley answers offline from your content by retrieval and cites the source; the
          dashboard then says "Offline answers (no model configured)" where the model is shown. Set <code>OPENAI_API_KEY</code> on the server to use the chosen model.
        </p>
      </>
    ),
  },
  {
    id: 'interactive-features',
    title: 'Interactive features',
    Icon: MessagesSquare,
    Body: () => (
      <ul>
        <li><strong>Welcome and pop-up messages</strong>: a welcome message when the chat opens and initial bubbles that pop up every 2 seconds while the widget is closed.</li>
        <li><strong>Quick replies</strong>: the bot can offer follow-up buttons under its answer, such as Request Live Agent when it has no answer.</li>
        <li><strong>Contact forms</strong>: visitors can ask for a human (for example with Request Live Agent); every submission is kept in your Leads inbox. When the server has a mail server configured (SMTP_URL), it is also emailed to the address in the chatbot's Email Configuration, or to your account's email when that is empty.</li>
        <li><strong>Home screen</strong>: popular topics and categories let visitors start with one click. Design your own in the UI Designer (the chatbot's menu on the dashboard): describe it in plain words, tune colours, item style, font sizes and a background image, and Save Design. The widget shows it the next time it opens; the embed code does not change.</li>
      </ul>
    ),
  },
  {
    id: 'surveys',
    title: 'Surveys',
    Icon: ClipboardList,
    Body: () => (
      <>
        <p>Your chatbot can ask a short survey right in the chat and count the answers for you.</p>
        <h3>Build a survey</h3>
        <ul>
          <li>Open <strong>Surveys</strong> from the chatbot's menu on the dashboard and choose <strong>New Survey</strong>. Edits are saved automatically 2 seconds after your last change, or at once with <strong>Save Details</strong>.</li>
          <li><strong>Questions</strong>: single choice, multiple choice (with at-least and at-most limits), text and rating (1 to 5 by default, up to 0 to 10, as stars, numbers or a scale). Choice questions keep at least 2 options and can offer an Other answer in the visitor's own words.</li>
          <li><strong>Settings</strong>: the title, description and completion message visitors see, the AI instructions for the survey's tone, whether visitors may go back and see their progress, and, with <strong>Save partial responses</strong>, whether unfinished responses count in Survey Analytics, the CSV export and the dashboard (they are always kept, so a visitor can pick up where they left off).</li>
          <li><strong>Preview</strong> shows the survey as visitors see it; the <strong>AI Assistant</strong> drafts a customer satisfaction or feedback survey, improves or adds questions, with or without a model key.</li>
          <li>Only active surveys start in the chat: choose <strong>Activate</strong> once the survey has at least one question.</li>
        </ul>
        <h3>Start it from the home screen</h3>
        <p>
          In the UI Designer, ask for a topic or quick action that starts the survey, for example "a topic 'Rate your visit' that starts the Visit feedback survey". The designer knows your
          surveys by name; each survey's ID is also shown in the builder.
        </p>
        <h3>In the chat</h3>
        <p>
          The bot asks the questions one by one: a menu for single choice, checkboxes for multiple choice, stars, numbers or a scale for ratings, and the message box for text answers.
          Visitors can go <strong>Back</strong> (when allowed), <strong>Skip</strong> optional questions or <strong>Leave survey</strong>, ask a normal question in between and pick up again with{' '}
          <strong>Continue survey</strong>. A survey can be completed once per conversation. Answers are recorded exactly as chosen.
        </p>
        <h3>Survey Analytics</h3>
        <p>
          Total responses, the completion rate, the average completion time, each survey's figures and every question's answers with charts, plus a CSV export per survey. Completed
          responses count, and unfinished ones too when the survey saves partial responses; chats on the Test page are not counted. The dashboard's Survey Responses card shows the
          completion rate across your chatbots.
        </p>
      </>
    ),
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    Icon: Wrench,
    Body: () => (
      <ul>
        <li><strong>The widget does not appear</strong>: check that the chatbot is Active, that the snippet is on the page, and that your site's domain is in the chatbot's Allowed domains (on its edit page, when you set any).</li>
        <li><strong>Answers ignore my content</strong>: open Add Data and make sure the source finished scanning (status completed). Rescan after you change your website.</li>
        <li><strong>"Chat temporarily unavailable"</strong>: the monthly message limit was reached or the bot is inactive. Wait for the next month or reactivate the chatbot.</li>
        <li><strong>I cannot create another chatbot</strong>: your plan's active chatbot limit is reached. Deactivate a chatbot (inactive ones do not count).</li>
        <li><strong>"Offline answers (no model configured)"</strong>: the server has no model key, so answers are picked from your content. Set <code>OPENAI_API_KEY</code> (and <code>OPENAI_BASE_URL</code> for another compatible server) and restart.</li>
      </ul>
    ),
  },
  {
    id: 'support',
    title: 'Need more help?',
    Icon: LifeBuoy,
    Body: () => (
      <p>
        Our team answers within 24 hours. <Link to="/contact" className="font-medium text-blue-600 hover:underline dark:text-blue-400">Contact support</Link> and include your chatbot's name.
      </p>
    ),
  },
];
