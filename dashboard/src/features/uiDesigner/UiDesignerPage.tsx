import { ArrowLeft, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageSpinner } from '../../components/Spinner';
import type { Chatbot } from '../../lib/api';
import { cn } from '../../lib/cn';
import { usePageMeta } from '../../lib/usePageMeta';
import { ChatbotNotFound } from '../chatbots/ChatbotNotFound';
import { useChatbot } from '../chatbots/useChatbot';
import { CodeTab } from './CodeTab';
import { DesignerChat } from './DesignerChat';
import { LivePreview } from './LivePreview';
import { designOf } from './themeDesign';
import { ThemeTab } from './ThemeTab';
import { useUiDesigner, type UiDesignerState } from './useUiDesigner';

/** /chatbots/{guid}/ui-designer: design the widget's home screen by chat, theme and JSON, with a live preview. */
export function UiDesignerPage() {
  const { guid } = useParams();
  const bot = useChatbot(guid);
  usePageMeta({ title: bot.data ? 'UI Designer - Parley' : 'Parley' });
  if (bot.isLoading) return <PageSpinner />;
  if (bot.notFound || !bot.data) return <ChatbotNotFound action="edit" />;
  // Keyed on the bot: another bot's page starts from that bot's saved design.
  return <UiDesigner key={bot.data.guid} bot={bot.data} />;
}

function UiDesigner({ bot }: { bot: Chatbot }) {
  const designer = useUiDesigner(bot);
  const { current } = designer;
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <div>
        <Link to="/dashboard" className="inline-flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
        </Link>
        <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-3xl font-bold tracking-tight">UI Designer</h1>
              {current && <Badge tone="blue">Custom</Badge>}
            </div>
            <p className="mt-2 break-words text-slate-600 dark:text-slate-400">Design custom home screens for {bot.name}</p>
          </div>
          {current && (
            <div className="flex flex-wrap items-center gap-2">
              {designer.unsaved && (
                <span className="text-sm text-amber-700 dark:text-amber-400" data-testid="not-saved">
                  Not saved yet
                </span>
              )}
              <Button variant="outline" onClick={designer.resetToDefault} disabled={designer.saving}>
                <RotateCcw className="h-4 w-4" aria-hidden /> Reset to Default
              </Button>
              <Button onClick={designer.saveDesign} disabled={designer.saving}>
                <Save className="h-4 w-4" aria-hidden /> {designer.saving ? 'Saving...' : 'Save Design'}
              </Button>
            </div>
          )}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <DesignerTabs designer={designer} />
        <div className="min-w-0">
          <LivePreview config={current} />
        </div>
      </div>
    </div>
  );
}

type Tab = 'chat' | 'theme' | 'code';

const TABS: [Tab, string][] = [
  ['chat', 'Chat'],
  ['theme', 'Theme'],
  ['code', 'Code'],
];

/** Chat, Theme and Code; the panels stay mounted so a half-typed message or JSON survives a tab switch. */
function DesignerTabs({ designer }: { designer: UiDesignerState }) {
  const [tab, setTab] = useState<Tab>('chat');
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <div role="tablist" aria-label="Designer" className="grid grid-cols-3 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        {TABS.map(([value, label]) => (
          <button
            key={value}
            id={`ui-designer-tab-${value}`}
            role="tab"
            type="button"
            aria-selected={tab === value}
            aria-controls={`ui-designer-panel-${value}`}
            onClick={() => setTab(value)}
            className={cn('rounded-md px-4 py-1.5 text-sm font-medium', tab === value ? 'bg-white shadow-sm dark:bg-slate-950' : 'text-slate-600 dark:text-slate-400')}
          >
            {label}
          </button>
        ))}
      </div>
      {TABS.map(([value]) => (
        <div key={value} id={`ui-designer-panel-${value}`} role="tabpanel" aria-labelledby={`ui-designer-tab-${value}`} hidden={tab !== value} className="mt-6">
          {value === 'chat' && <DesignerChat messages={designer.messages} generating={designer.generating} onSend={designer.send} />}
          {value === 'theme' && <ThemeTab design={designOf(designer.current)} onChange={designer.changeTheme} disabled={designer.saving} />}
          {value === 'code' && <CodeTab designer={designer} />}
        </div>
      ))}
    </Card>
  );
}
