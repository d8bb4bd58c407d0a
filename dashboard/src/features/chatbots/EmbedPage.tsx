import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FlaskConical, Palette, RefreshCw, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { SelectField } from '../../components/Field';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { customElementSnippet, iframeSnippet, scriptTagSnippet, widgetUserId } from '../../lib/embedSnippets';
import { cn } from '../../lib/cn';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../auth/useAuth';
import { markEmbedCopied } from '../dashboard/nextSteps';
import { CodeBlock } from '../docs/CodeBlock';
import { ChatbotToolPage } from './ChatbotToolPage';
import { botTheme } from './botTheme';
import { IdentitySecretCard } from './IdentitySecretCard';

type Tab = 'floating' | 'iframe';

const EMBED_TABS: readonly (readonly [Tab, string])[] = [
  ['floating', 'Floating Widget'],
  ['iframe', 'Inline iframe'],
];

/** /chatbots/{guid}/embed: position, theme colours, quick links, copyable snippets and the verified-identity secret. */
export function EmbedPage() {
  const { user } = useAuth();
  const [position, setPosition] = useState<'bottom-right' | 'bottom-left'>('bottom-right');
  const [tab, setTab] = useState<Tab>('floating');
  const origin = window.location.origin;
  return (
    <ChatbotToolPage title={(b) => `Embed ${b.name}`} subtitle={() => 'Add your chatbot to any website with one line of code.'}>
      {(bot) => {
        const theme = botTheme(bot);
        return (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="space-y-6">
              <Card className="space-y-5 p-6">
                <h2 className="text-lg font-semibold">Widget settings</h2>
                <SelectField label="Widget position" value={position} onChange={(e) => setPosition(e.target.value as typeof position)}>
                  <option value="bottom-right">Bottom right</option>
                  <option value="bottom-left">Bottom left</option>
                </SelectField>
                <div>
                  <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Theme colours</p>
                  <dl className="mt-2 space-y-2 text-sm">
                    {Object.entries(theme).map(([name, color]) => (
                      <div key={name} className="flex items-center justify-between">
                        <dt className="text-slate-600 dark:text-slate-400">{name}</dt>
                        <dd className="flex items-center gap-2 font-mono text-xs">
                          <span className="h-5 w-5 rounded border border-slate-200 dark:border-slate-700" style={{ background: color }} /> {color}
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <Link
                    to={`/chatbots/${bot.guid}/ui-designer`}
                    className="mt-2 inline-flex items-center gap-1.5 text-sm text-blue-600 hover:underline dark:text-blue-400"
                  >
                    <Palette className="h-4 w-4" aria-hidden /> Change colors in the UI Designer
                  </Link>
                  <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
                    These are the colours saved in the bot's home screen theme. The embedded widget picks up saved colours and home screen the
                    next time a visitor opens it, with no change to the snippet. To use other colours on one site, add primaryColor,
                    backgroundColor or textColor as data attributes of the script tag (data-primary-color...) or to ChatWidget.init.
                  </p>
                </div>
                <RefreshWidgetButton guid={bot.guid} />
              </Card>
              <Card className="p-6">
                <h2 className="text-lg font-semibold">Quick links</h2>
                <ul className="mt-3 space-y-2 text-sm">
                  {[
                    { to: `/chatbots/${bot.guid}/ui-designer`, label: 'UI Designer', Icon: Palette },
                    { to: `/chatbots/${bot.guid}`, label: 'Edit chatbot settings', Icon: Settings2 },
                    { to: `/chatbots/${bot.guid}/test`, label: 'Test your chatbot', Icon: FlaskConical },
                  ].map(({ to, label, Icon }) => (
                    <li key={to}>
                      <Link to={to} className="flex items-center gap-2 text-blue-600 hover:underline dark:text-blue-400">
                        <Icon className="h-4 w-4" aria-hidden /> {label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            </div>
            <div className="space-y-6 lg:col-span-2">
              <Card className="p-6">
                <Tabs id="embed" label="Embed type" tabs={EMBED_TABS} selected={tab} onSelect={setTab} className="inline-grid" />
                {tab === 'floating' ? (
                  <div {...tabPanelProps('embed', tab, tab)} className="mt-6 space-y-5">
                    <p className="text-sm text-slate-600 dark:text-slate-400">Paste this line before the closing &lt;/body&gt; tag of every page that should show the chat launcher.</p>
                    <CodeBlock label="Script tag" code={scriptTagSnippet(origin, bot.guid, position)} onCopy={() => markEmbedCopied(bot.guid)} />
                    <p className="text-sm text-slate-600 dark:text-slate-400">Or, as a custom element:</p>
                    <CodeBlock label="Custom element" code={customElementSnippet(origin, bot.guid)} onCopy={() => markEmbedCopied(bot.guid)} />
                  </div>
                ) : (
                  <div {...tabPanelProps('embed', tab, tab)} className="mt-6 space-y-5">
                    <p className="text-sm text-slate-600 dark:text-slate-400">Shows the chat inline inside your page (400 × 600).</p>
                    <CodeBlock label="Iframe" code={iframeSnippet(origin, widgetUserId(user?.id ?? ''), bot.guid)} onCopy={() => markEmbedCopied(bot.guid)} />
                    <a
                      href={`/widget/${widgetUserId(user?.id ?? '')}/${bot.guid}`}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1.5 text-sm text-blue-600 hover:underline dark:text-blue-400"
                    >
                      Open widget page <ExternalLink className="h-4 w-4" aria-hidden />
                    </a>
                  </div>
                )}
              </Card>
              <IdentitySecretCard guid={bot.guid} />
            </div>
          </div>
        );
      }}
    </ChatbotToolPage>
  );
}

/** Reloads the bot's configuration, so colours saved in the UI Designer show here and in the snippets. */
function RefreshWidgetButton({ guid }: { guid: string }) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.chatbots.detail(guid);
  const refreshing = useIsFetching({ queryKey }) > 0;
  return (
    <Button variant="outline" size="sm" disabled={refreshing} onClick={() => void queryClient.invalidateQueries({ queryKey })}>
      <RefreshCw className={cn('h-4 w-4', refreshing && 'animate-spin')} aria-hidden /> Refresh Widget
    </Button>
  );
}
