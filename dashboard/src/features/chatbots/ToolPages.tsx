import { ClipboardList, PieChart } from 'lucide-react';
import { ChatbotToolPage } from './ChatbotToolPage';
import { PlannedTool } from './PlannedTool';

// The owner tools below come with later parts of the product ("the full dashboard comes in a
// later issue"). Each route already loads the bot (so a foreign or missing one shows "Chatbot
// Not Found") and carries the spec's title, Back to Dashboard link and status badge.

/** /chatbots/{guid}/surveys */
export function SurveysPage() {
  return (
    <ChatbotToolPage title={(b) => `Surveys: ${b.name}`} subtitle={() => 'Build surveys your chatbot conducts inside the conversation.'}>
      {() => (
        <PlannedTool
          Icon={ClipboardList}
          heading="Survey builder"
          points={[
            'Questions: single choice, multiple choice, text and rating.',
            'Settings: back navigation, progress and partial responses.',
            'Preview the survey and let the AI assistant draft questions.',
          ]}
        />
      )}
    </ChatbotToolPage>
  );
}

/** /chatbots/{guid}/survey-analytics */
export function SurveyAnalyticsPage() {
  return (
    <ChatbotToolPage title={(b) => `Survey Analytics: ${b.name}`} subtitle={() => 'Totals, completion rate and answers per question.'}>
      {() => (
        <PlannedTool
          Icon={PieChart}
          heading="Survey results"
          points={['Totals, completion rate and average completion time.', 'A breakdown per survey with the answers to each question.']}
        />
      )}
    </ChatbotToolPage>
  );
}
