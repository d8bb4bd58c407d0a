import { ExternalLink } from 'lucide-react';
import { Card } from '../../components/Card';
import { safeImageUrl } from '../../lib/safeUrl';
import { FigureTable } from './ChartCard';
import { formatCount } from './analyticsFormat';
import type { Analytics } from './useAnalytics';

/** The pages and texts the bot's answers cited most. */
export function TopSources({ sources }: { sources: Analytics['topSources'] }) {
  return (
    <Card className="min-w-0 p-5" role="region" aria-labelledby="top-sources" data-testid="top-sources">
      <h2 id="top-sources" className="text-base font-semibold">
        Most cited sources
      </h2>
      <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">How many answers cited each of your sources.</p>
      {sources.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No sources cited in this period</p>
      ) : (
        <div className="mt-3">
          <FigureTable
            caption="Most cited sources"
            columns={[{ label: 'Source' }, { label: 'Answers', numeric: true }]}
            rows={sources.map((s) => [<SourceName key="name" source={s} />, formatCount(s.count)])}
          />
        </div>
      )}
    </Card>
  );
}

function SourceName({ source }: { source: Analytics['topSources'][number] }) {
  const name = source.title || source.url || 'Untitled';
  // Only http(s) addresses become links (a stored URL is content the bot was trained on).
  const href = source.url && /^https?:/i.test(source.url) ? safeImageUrl(source.url) : undefined;
  return (
    <span className="block min-w-0 max-w-[16rem] whitespace-normal break-words sm:max-w-md">
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-start gap-1 text-blue-600 hover:underline dark:text-blue-400">
          {name}
          <ExternalLink className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
        </a>
      ) : (
        name
      )}
      {source.title && source.url && <span className="block break-all text-xs text-slate-500 dark:text-slate-400">{source.url}</span>}
    </span>
  );
}
