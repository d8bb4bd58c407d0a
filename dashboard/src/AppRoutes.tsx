import { lazy, Suspense, type ReactNode } from 'react';
import { PageSpinner } from './components/Spinner';
import { Route, Routes, useLocation } from 'react-router-dom';
import { isEmbeddedMode } from './lib/embedded';
import { AuthRequired } from './features/auth/AuthRequired';
import { LoginPage } from './features/auth/LoginPage';
import { RequireAuth } from './features/auth/RequireAuth';
import { useAuth } from './features/auth/useAuth';
import { ContactPage } from './features/contact/ContactPage';
import { DocsPage } from './features/docs/DocsPage';
import { LandingPage } from './features/home/LandingPage';
import { SiteLayout } from './features/layout/SiteLayout';
import { PrivacyPage } from './features/legal/PrivacyPage';
import { TermsPage } from './features/legal/TermsPage';
import { NotFoundPage } from './features/notFound/NotFoundPage';
import { PricingPage } from './features/pricing/PricingPage';
import { WidgetPage } from './features/widget/WidgetPage';

// Owner pages load on demand so the marketing pages stay light.
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const SubscriptionPage = lazy(() => import('./features/subscription/SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })));
const ProfilePage = lazy(() => import('./features/account/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() => import('./features/account/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const ForgotPasswordPage = lazy(() => import('./features/account/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./features/account/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));
const CreateChatbotPage = lazy(() => import('./features/chatbots/ChatbotFormPage').then((m) => ({ default: m.CreateChatbotPage })));
const EditChatbotPage = lazy(() => import('./features/chatbots/ChatbotFormPage').then((m) => ({ default: m.EditChatbotPage })));
const EmbedPage = lazy(() => import('./features/chatbots/EmbedPage').then((m) => ({ default: m.EmbedPage })));
const TestPage = lazy(() => import('./features/chatbots/TestPage').then((m) => ({ default: m.TestPage })));
const AddDataPage = lazy(() => import('./features/sources/AddDataPage').then((m) => ({ default: m.AddDataPage })));
const HistoryPage = lazy(() => import('./features/history/HistoryPage').then((m) => ({ default: m.HistoryPage })));
const LeadsPage = lazy(() => import('./features/leads/LeadsPage').then((m) => ({ default: m.LeadsPage })));
const ChatbotLeadsPage = lazy(() => import('./features/leads/LeadsPage').then((m) => ({ default: m.ChatbotLeadsPage })));
const UnansweredPage = lazy(() => import('./features/unanswered/UnansweredPage').then((m) => ({ default: m.UnansweredPage })));
// The analytics page brings the chart library: loaded with the page, never with the rest.
const AnalyticsPage = lazy(() => import('./features/analytics/AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })));
const UiDesignerPage = lazy(() => import('./features/uiDesigner/UiDesignerPage').then((m) => ({ default: m.UiDesignerPage })));
const SurveyAnalyticsPage = lazy(() => import('./features/surveyAnalytics/SurveyAnalyticsPage').then((m) => ({ default: m.SurveyAnalyticsPage })));
const SurveysPage = lazy(() => import('./features/surveys/SurveysPage').then((m) => ({ default: m.SurveysPage })));
const AdminPage = lazy(() => import('./features/admin/AdminPage').then((m) => ({ default: m.AdminPage })));

const owner = (page: ReactNode) => (
  <RequireAuth>
    <Suspense fallback={<PageSpinner />}>{page}</Suspense>
  </RequireAuth>
);

/**
 * The route table. Embedded mode only knows the widget (and falls back to it).
 * Owner pages are registered for everyone: signed out they show the logged-out toast and
 * send the browser to /api/login instead of a 404.
 */
export function AppRoutes() {
  const { search } = useLocation();
  if (isEmbeddedMode(search)) {
    return (
      <Routes>
        <Route path="/widget" element={<WidgetPage />} />
        <Route path="/chat-widget" element={<WidgetPage />} />
        <Route path="*" element={<WidgetPage />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="/docs" element={<DocsPage />} />
        <Route path="/support" element={<SignedInOnly page={<DocsPage />} />} />
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/widget" element={<WidgetPage />} />
        <Route path="/chat-widget" element={<WidgetPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forgot-password" element={<Suspense fallback={<PageSpinner />}><ForgotPasswordPage /></Suspense>} />
        <Route path="/reset-password" element={<Suspense fallback={<PageSpinner />}><ResetPasswordPage /></Suspense>} />

        <Route path="/dashboard" element={owner(<DashboardPage />)} />
        <Route path="/subscription" element={owner(<SubscriptionPage />)} />
        <Route path="/profile" element={owner(<ProfilePage />)} />
        <Route path="/settings" element={owner(<SettingsPage />)} />
        <Route path="/chatbots/new" element={owner(<CreateChatbotPage />)} />
        <Route path="/chatbots/:guid" element={owner(<EditChatbotPage />)} />
        <Route path="/chatbots/:guid/add-data" element={owner(<AddDataPage />)} />
        <Route path="/chatbots/:guid/test" element={owner(<TestPage />)} />
        <Route path="/chatbots/:guid/ui-designer" element={owner(<UiDesignerPage />)} />
        <Route path="/chatbots/:guid/analytics" element={owner(<AnalyticsPage />)} />
        <Route path="/chatbots/:guid/survey-analytics" element={owner(<SurveyAnalyticsPage />)} />
        <Route
          path="/chatbots/:guid/surveys"
          element={
            <RequireAuth signedOut={<AuthRequired />}>
              <Suspense fallback={<PageSpinner />}>
                <SurveysPage />
              </Suspense>
            </RequireAuth>
          }
        />
        <Route path="/chatbots/:guid/embed" element={owner(<EmbedPage />)} />
        <Route path="/chatbots/:guid/history" element={owner(<HistoryPage />)} />
        <Route path="/leads" element={owner(<LeadsPage />)} />
        <Route path="/chatbots/:guid/leads" element={owner(<ChatbotLeadsPage />)} />
        <Route path="/chatbots/:guid/unanswered" element={owner(<UnansweredPage />)} />
        <Route path="/admin" element={owner(<AdminPage />)} />

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** Routes the spec lists for signed-in users only that are not owner pages: signed out, they do not exist. */
function SignedInOnly({ page }: { page: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  return isAuthenticated ? page : <NotFoundPage />;
}
