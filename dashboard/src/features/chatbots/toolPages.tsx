import { BarChart3, ClipboardList, Database, History, Palette, PieChart } from 'lucide-react';
import { ChatbotToolPage } from './ChatbotToolPage';
import { PlannedTool } from './PlannedTool';

/** /chatbots/{guid}/add-data */
export function AddDataPage() {
  return (
    <ChatbotToolPage title={(b) => `Add Data: ${b.name}`} subtitle={() => 'Train your chatbot on your website, pasted text or text files. It answers from this content and cites it.'}>
      {() => (
        <PlannedTool
          Icon={Database}
          heading="Content Sources"
          points={[
            'Website: scan up to 200 pages (50 by default) following your links and sitemap.',
            'Text: paste policies, FAQs or product details (at least 10 characters).',
            'File: upload .txt, .csv, .md, .json or .xml files under 5MB.',
            'No content sources added yet.',
          ]}
        />
      )}
    </ChatbotToolPage>
  );
}

/** /chatbots/{guid}/ui-designer */
export function UiDesignerPage() {
  return (
    <ChatbotToolPage title={() => 'UI Designer'} subtitle={(b) => `Design custom home screens for ${b.name}`} notFoundAction="edit">
      {() => (
        <PlannedTool
          Icon={Palette}
          heading="Home screen design"
          points={['Describe the home screen you want and let the AI designer build it.', 'Tune theme colours, item style, font sizes and a background image.', 'Edit the configuration as JSON and preview it live.']}
        />
      )}
    </ChatbotToolPage>
  );
}

/** /chatbots/{guid}/surveys */
export function SurveysPage() {
  return (
    <ChatbotToolPage title={(b) => `Surveys: ${b.name}`} subtitle={() => 'Build surveys your chatbot conducts inside the conversation.'}>
      {() => (
        <PlannedTool
          Icon={ClipboardList}
          heading="Survey builder"
          points={['Questions: single choice, multiple choice, text and rating.', 'Settings: back navigation, progress and partial responses.', 'Preview the survey and let the AI assistant draft questions.']}
        />
      )}
    </ChatbotToolPage>
  );
}

/** /chatbots/{guid}/analytics */
export function AnalyticsPage() {
  return (
    <ChatbotToolPage title={(b) => `Analytics: ${b.name}`} subtitle={() => 'How visitors use your chatbot.'}>
      {() => <PlannedTool Icon={BarChart3} heading="Conversation analytics" points={['Conversations and messages over time.', 'Busiest hours and most asked topics.']} />}
    </ChatbotToolPage>
  );
}

/** /chatbots/{guid}/survey-analytics */
export function SurveyAnalyticsPage() {
  return (
    <ChatbotToolPage title={(b) => `Survey Analytics: ${b.name}`} subtitle={() => 'Totals, completion rate and answers per question.'}>
      {() => <PlannedTool Icon={PieChart} heading="No Survey Data" points={['Responses appear here once visitors complete a survey.', 'Each survey shows its completion rate, average completion time and per-question answers.']} />}
    </ChatbotToolPage>
  );
}

/** /chatbots/{guid}/history */
export function HistoryPage() {
  return (
    <ChatbotToolPage title={() => 'Chat History'} subtitle={(b) => b.name}>
      {() => <PlannedTool Icon={History} heading="No conversations yet" points={['When users start chatting with your bot, their conversations will appear here.']} />}
    </ChatbotToolPage>
  );
}
