import { RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { ToolPageFrame } from '../../components/ToolPageFrame';
import type { Chatbot } from '../../lib/api';
import { ChatbotToolPage } from '../chatbots/ChatbotToolPage';
import { CodeTab } from './CodeTab';
import { DesignerChat } from './DesignerChat';
import { LivePreview } from './LivePreview';
import { designOf } from './themeDesign';
import { ThemeTab } from './ThemeTab';
import { useUiDesigner, type UiDesignerState } from './useUiDesigner';

/** /chatbots/{guid}/ui-designer: design the widget's home screen by chat, theme and JSON, with a live preview. */
export function UiDesignerPage() {
  return (
    <ChatbotToolPage title={() => 'UI Designer'} notFoundAction="edit">
      {/* Keyed on the bot: another bot's page starts from that bot's saved design. */}
      {(bot) => <UiDesigner key={bot.guid} bot={bot} />}
    </ChatbotToolPage>
  );
}

function UiDesigner({ bot }: { bot: Chatbot }) {
  const designer = useUiDesigner(bot);
  const { current } = designer;
  return (
    <ToolPageFrame
      title="UI Designer"
      badge={current && <Badge tone="blue">Custom</Badge>}
      subtitle={`Design custom home screens for ${bot.name}`}
      actions={
        current && (
          <>
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
          </>
        )
      }
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <DesignerTabs designer={designer} />
        <div className="min-w-0">
          <LivePreview config={current} />
        </div>
      </div>
    </ToolPageFrame>
  );
}

type Tab = 'chat' | 'theme' | 'code';

const TABS = [
  ['chat', 'Chat'],
  ['theme', 'Theme'],
  ['code', 'Code'],
] as const satisfies readonly (readonly [Tab, string])[];

/** Chat, Theme and Code; the panels stay mounted so a half-typed message or JSON survives a tab switch. */
function DesignerTabs({ designer }: { designer: UiDesignerState }) {
  const [tab, setTab] = useState<Tab>('chat');
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <Tabs id="ui-designer" label="Designer" tabs={TABS} selected={tab} onSelect={setTab} allPanelsMounted />
      {TABS.map(([value]) => (
        <div key={value} {...tabPanelProps('ui-designer', value, tab)} className="mt-6">
          {value === 'chat' && <DesignerChat messages={designer.messages} generating={designer.generating} onSend={designer.send} />}
          {value === 'theme' && <ThemeTab design={designOf(designer.current)} onChange={designer.changeTheme} disabled={designer.saving} />}
          {value === 'code' && <CodeTab designer={designer} />}
        </div>
      ))}
    </Card>
  );
}
