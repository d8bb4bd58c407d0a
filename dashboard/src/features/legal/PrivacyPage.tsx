import { Link } from 'react-router-dom';
import { usePageMeta } from '../../lib/usePageMeta';
import { LegalPage } from './LegalPage';

export function PrivacyPage() {
  usePageMeta({
    title: 'Privacy Policy - Parley',
    description: 'How Parley collects, uses and protects the data of chatbot owners and the visitors who chat with their bots.',
    keywords: 'Parley privacy policy, chatbot data protection',
    path: '/privacy',
  });
  return (
    <LegalPage title="Privacy Policy" updated="January 2026">
      <p>
        This policy explains what information Parley processes when you use the Parley website and dashboard ("owners") and when visitors chat with a
        chatbot embedded on an owner's website ("visitors").
      </p>
      <h2>Information we collect</h2>
      <ul>
        <li>Account data: your email address, name, optional profile picture and a hash of your password.</li>
        <li>Chatbot content: the settings, instructions, website pages, text and files you add to train your chatbots.</li>
        <li>Conversations: messages visitors exchange with a chatbot, identified by a random session id, and any contact form a visitor chooses to submit.</li>
        <li>Usage and billing data: message counts per month, your plan and subscription status.</li>
        <li>Technical data: IP addresses and request logs, kept for security and rate limiting.</li>
      </ul>
      <h2>How we use information</h2>
      <ul>
        <li>To run the service: answer visitor questions from the owner's content, show owners their conversations and analytics.</li>
        <li>To enforce plan limits and protect the service against abuse.</li>
        <li>To contact you about your account, or to answer messages you send us.</li>
      </ul>
      <h2>AI processing</h2>
      <p>
        When a model provider is configured, the visitor's question and the most relevant passages of the owner's content are sent to that provider to
        generate an answer. Without one, answers are produced locally from the owner's content.
      </p>
      <h2>Cookies and storage</h2>
      <p>
        The dashboard uses one essential, http-only session cookie to keep you signed in. The chat widget stores its session id in the browser's session
        storage and your theme preference in local storage. We do not use advertising cookies.
      </p>
      <h2>Retention and deletion</h2>
      <p>Owners can delete conversations, content sources and chatbots at any time. Deleting an account removes its chatbots and their data.</p>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, its correction or deletion. Visitors should contact the owner of the website they chatted on. For anything else,{' '}
        <Link to="/contact" className="text-blue-600 hover:underline dark:text-blue-400">contact us</Link>.
      </p>
    </LegalPage>
  );
}
