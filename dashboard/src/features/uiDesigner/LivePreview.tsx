import type { HomeScreenConfig, HomeTopic } from '@parley/contracts';
import { Eye } from 'lucide-react';
import { HomeScreen } from '../../../../sdk/src/home/HomeScreen';
import { WidgetStyles } from '../../../../sdk/src/widget/WidgetStyles';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { ShadowRoot } from '../../components/ShadowRoot';
import { toast } from '../toast/toastStore';
import { designOf } from './themeDesign';

/**
 * The preview is as tall as a roomy widget panel; longer home screens scroll inside it while
 * their footer stays pinned at the bottom, as in the widget. The border sits outside this height.
 */
const PREVIEW_HEIGHT = 800;

/**
 * The design drawn by the widget's own HomeScreen, in a shadow root with the widget's
 * stylesheet, so it looks exactly as visitors will see it. Clicking a topic (a link topic too,
 * which the preview never follows) names it; a quick action (link, survey, start chat) only goes
 * to the console, since the preview has no chat to open.
 */
export function LivePreview({ config }: { config: HomeScreenConfig | null }) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Eye className="h-5 w-5 text-slate-500" aria-hidden /> Live Preview
        </h2>
        <Badge tone={config ? 'blue' : 'gray'}>{config ? 'Custom' : 'Default'}</Badge>
      </div>
      <div
        className="mt-4 box-content overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950/40"
        style={{ height: `${PREVIEW_HEIGHT}px` }}
        data-testid="live-preview"
      >
        {config ? (
          <PreviewHome config={config} />
        ) : (
          <div className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-500 dark:text-slate-400">
            Generate a design to see preview
          </div>
        )}
      </div>
    </Card>
  );
}

function PreviewHome({ config }: { config: HomeScreenConfig }) {
  const design = designOf(config);
  const key = JSON.stringify(config);
  // The handler runs inside the shadow root: one attached outside it would see each click twice.
  const onSelect = (item: HomeTopic, kind?: 'topic' | 'action') => {
    if (kind === 'action') console.info('UI designer preview: action selected', item);
    else toast({ title: 'Topic Selected', description: `Topic: ${item.title}` });
  };
  return (
    <ShadowRoot data-testid="live-preview-root">
      <WidgetStyles primaryColor={design.primaryColor} backgroundColor={design.backgroundColor} textColor={design.textColor}>
        <div style={{ height: `${PREVIEW_HEIGHT}px`, display: 'flex', flexDirection: 'column' }}>
          {/* Keyed on the config, so a new design starts on its default category. */}
          <HomeScreen key={key} config={config} onSelect={onSelect} linksAsButtons />
        </div>
      </WidgetStyles>
    </ShadowRoot>
  );
}
