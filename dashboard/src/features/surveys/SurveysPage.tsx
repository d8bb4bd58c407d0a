import { SURVEY_ASSISTANT_PANEL_HEIGHT, type SurveyConfig, type SurveyWithCounts } from '@parley/contracts';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { ErrorCard, LoadingBlock } from '../../components/QueryState';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { ToolPageFrame } from '../../components/ToolPageFrame';
import type { Chatbot } from '../../lib/api';
import { useSaveShortcut } from '../../lib/useSaveShortcut';
import { ChatbotToolPage } from '../chatbots/ChatbotToolPage';
import { QuestionsTab } from './QuestionsTab';
import { SurveyAssistantPanel } from './SurveyAssistantPanel';
import { SurveyDetails } from './SurveyDetails';
import { SurveyList } from './SurveyList';
import { SurveyPreviewTab } from './SurveyPreviewTab';
import { SurveySettingsTab } from './SurveySettingsTab';
import { appliedConfig, draftProblems, useSurveyDraft, type SurveyDrafts } from './useSurveyDraft';
import { useCreateSurvey, useDeleteSurvey, useSurveyList } from './useSurveys';

/** /chatbots/{guid}/surveys: the bot's surveys, each edited in Questions, Settings, Preview and AI Assistant tabs and auto-saved. */
export function SurveysPage() {
  return (
    <ChatbotToolPage title={(bot) => `Surveys: ${bot.name}`}>
      {/* Keyed on the bot: another bot's page starts with that bot's surveys and no drafts. */}
      {(bot) => <SurveyBuilder key={bot.guid} bot={bot} />}
    </ChatbotToolPage>
  );
}

function SurveyBuilder({ bot }: { bot: Chatbot }) {
  const list = useSurveyList(bot.guid);
  const drafts = useSurveyDraft(bot.guid, list.data);
  const [params, setParams] = useSearchParams();
  const surveys = list.data ?? [];
  // The selection lives in the address (?survey=12), so a link can open one survey; the newest is the default.
  const wanted = Number(params.get('survey'));
  const selected = surveys.find((s) => s.id === wanted) ?? surveys[0] ?? null;

  function select(id: number) {
    if (selected && selected.id !== id) void drafts.save(selected.id);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('survey', String(id));
      return next;
    }, { replace: true });
  }

  const create = useCreateSurvey(bot.guid, (survey) => select(survey.id));
  const remove = useDeleteSurvey(bot.guid, (id) => {
    drafts.discard(id);
    if (params.get('survey') === String(id)) setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('survey');
      return next;
    }, { replace: true });
  });

  // The open tab stays when another survey is picked.
  const [tab, setTab] = useState<Tab>('questions');

  // Ctrl+S / Cmd+S saves the open survey at once.
  useSaveShortcut(() => {
    if (selected) void drafts.saveNow(selected.id);
  });

  return (
    <ToolPageFrame
      title={`Surveys: ${bot.name}`}
      badge={<Badge tone={bot.isActive ? 'green' : 'gray'}>{bot.isActive ? 'Active' : 'Inactive'}</Badge>}
      subtitle="Build surveys your chatbot conducts inside the conversation."
    >
      {list.isLoading ? (
        <LoadingBlock label="Loading surveys" />
      ) : list.isError ? (
        <ErrorCard title="Failed to load surveys" message="The surveys could not be loaded. Please try again." onRetry={() => void list.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <SurveyList
            surveys={surveys}
            selectedId={selected?.id ?? null}
            draftOf={drafts.draftOf}
            dirty={drafts.dirty}
            creating={create.isPending}
            onSelect={select}
            onCreate={() => create.mutate()}
          />
          {selected && (
            <div className="min-w-0 space-y-6">
              <SurveyDetails
                guid={bot.guid}
                survey={selected}
                draft={drafts.draftOf(selected)}
                saveState={drafts.saveState(selected.id)}
                statusPending={drafts.statusPending === selected.id}
                deleting={remove.isPending}
                onEdit={(change) => drafts.edit(selected.id, change)}
                onSave={() => void drafts.saveNow(selected.id)}
                onStatus={(status) => void drafts.setStatus(selected, status)}
                onDelete={() => remove.mutate(selected.id)}
              />
              <SurveyTabs key={selected.id} bot={bot} survey={selected} drafts={drafts} tab={tab} onTab={setTab} />
            </div>
          )}
        </div>
      )}
    </ToolPageFrame>
  );
}

type Tab = 'questions' | 'settings' | 'preview' | 'assistant';

const TABS = [
  ['questions', 'Questions'],
  ['settings', 'Settings'],
  ['preview', 'Preview'],
  ['assistant', 'AI Assistant'],
] as const satisfies readonly (readonly [Tab, string])[];

type SurveyTabsProps = { bot: Chatbot; survey: SurveyWithCounts; drafts: SurveyDrafts; tab: Tab; onTab: (tab: Tab) => void };

/** The draft's tabs; every panel stays mounted so the assistant's conversation survives a tab switch. */
function SurveyTabs({ bot, survey, drafts, tab, onTab }: SurveyTabsProps) {
  const draft = drafts.draftOf(survey);
  const config = draft.surveyConfig;
  const problems = drafts.dirty(survey.id) ? draftProblems(draft, survey.status) : [];
  const editConfig = (patch: Partial<SurveyConfig>) => drafts.edit(survey.id, (d) => ({ ...d, surveyConfig: { ...d.surveyConfig, ...patch } }));

  return (
    <Card className="min-w-0 p-4 sm:p-6">
      {problems.length > 0 && <DraftProblems problems={problems} />}
      <Tabs id="survey" label="Survey" tabs={TABS} selected={tab} onSelect={onTab} allPanelsMounted className="[&>button]:px-2 sm:[&>button]:px-4" />
      {TABS.map(([value]) => (
        <div key={value} {...tabPanelProps('survey', value, tab)} className="mt-6">
          {value === 'questions' && <QuestionsTab questions={config.questions} onChange={(questions) => editConfig({ questions })} />}
          {value === 'settings' && <SurveySettingsTab config={config} onChange={editConfig} />}
          {value === 'preview' && tab === 'preview' && <SurveyPreviewTab bot={bot} surveyId={survey.id} name={draft.name} config={config} />}
          {value === 'assistant' && (
            <div style={{ height: SURVEY_ASSISTANT_PANEL_HEIGHT }} data-testid="survey-assistant-container">
              <SurveyAssistantPanel
                chatbot={{ guid: bot.guid, name: bot.name, description: bot.description }}
                survey={{ name: draft.name, description: draft.description, surveyConfig: config }}
                onApply={(proposed) => drafts.edit(survey.id, (d) => appliedConfig(d, proposed))}
              />
            </div>
          )}
        </div>
      ))}
    </Card>
  );
}

function DraftProblems({ problems }: { problems: string[] }) {
  return (
    <div role="alert" data-testid="draft-problems" className="mb-5 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden /> Not saved: fix these first
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
