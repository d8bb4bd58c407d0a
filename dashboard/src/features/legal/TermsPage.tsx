import { Link } from 'react-router-dom';
import { usePageMeta } from '../../lib/usePageMeta';
import { LegalPage } from './LegalPage';

export function TermsPage() {
  usePageMeta({
    title: 'Terms of Service - Parley',
    description: 'The terms that apply to using Parley, its plans, billing and acceptable use.',
    keywords: 'Parley terms of service, chatbot terms',
    path: '/terms',
  });
  return (
    <LegalPage title="Terms of Service" updated="January 2026">
      <p>By creating an account or using Parley you agree to these terms. If you use Parley on behalf of a company, you accept them for that company.</p>
      <h2>The service</h2>
      <p>Parley lets you build AI chatbots, train them on your content and embed them on websites you control. Features may change as the product evolves.</p>
      <h2>Your account</h2>
      <ul>
        <li>Keep your password secret; you are responsible for activity under your account.</li>
        <li>You must provide accurate information and be old enough to form a binding contract.</li>
      </ul>
      <h2>Your content</h2>
      <p>
        You keep all rights to the content you add and to your conversations. You grant Parley the permission needed to store and process it to run your
        chatbots. Only add content you have the right to use.
      </p>
      <h2>Acceptable use</h2>
      <ul>
        <li>No unlawful, harmful, deceptive or infringing content, and no attempts to disrupt or probe the service.</li>
        <li>Do not use a chatbot to collect sensitive personal data without a lawful basis and proper notice to visitors.</li>
        <li>AI answers can be wrong: review your chatbot's behaviour and do not rely on it for legal, medical or financial advice.</li>
      </ul>
      <h2>Plans and billing</h2>
      <ul>
        <li>The Free plan (shown as Trial) includes 1 chatbot and 100 messages per month without a credit card.</li>
        <li>Paid plans are billed monthly in advance, through Stripe where this server takes payment. A self-hosted install without online payment changes plans at once and charges nothing.</li>
        <li>You can upgrade or downgrade at any time; the change applies at once and, when billed through Stripe, is prorated.</li>
        <li>Cancellation takes effect at the end of the billing period; you keep access until then and can resume the plan before it ends.</li>
        <li>Over the monthly message limit, chatbots become read-only until the next month or an upgrade.</li>
      </ul>
      <h2>Termination</h2>
      <p>You may stop using Parley at any time. We may suspend accounts that break these terms, with notice where reasonable.</p>
      <h2>Liability</h2>
      <p>Parley is provided "as is". To the extent the law allows, our liability is limited to the amount you paid in the twelve months before a claim.</p>
      <h2>Contact</h2>
      <p>
        Questions about these terms? <Link to="/contact" className="text-blue-600 hover:underline dark:text-blue-400">Contact us</Link>.
      </p>
    </LegalPage>
  );
}
