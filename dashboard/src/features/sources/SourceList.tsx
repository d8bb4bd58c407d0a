import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, Clock, FileText, FileUp, Globe, ListChecks, MessageCircleQuestion, Loader2, RefreshCw, RotateCw, Trash2, XCircle } from 'lucide-react';
import { SYNC_SCHEDULE_LABELS, SYNC_SCHEDULES, type SyncSchedule } from '@parley/contracts';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card, CardContent, CardDescription, CardTitle } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Select } from '../../components/Input';
import { Spinner } from '../../components/Spinner';
import { handleUnauthorized } from '../auth/loggedOut';
import { toast } from '../toast/toastStore';
import { sourceErrorText } from './sourceErrors';
import { SourcePagesDialog } from './SourcePagesDialog';
import { isScanning, type ContentSource, type useSourceActions } from './useSources';

const DELETE_SOURCE_TEXT = 'Are you sure you want to delete this website source? This will remove all associated content.';

type Actions = ReturnType<typeof useSourceActions>;

/** The "Content Sources" card: every source with its status, counts and rescan/delete actions. */
export function SourceList({ chatbotId, sources, actions }: { chatbotId: string; sources: UseQueryResult<ContentSource[]>; actions: Actions }) {
  const [deleting, setDeleting] = useState<ContentSource | null>(null);
  const [viewingId, setViewingId] = useState<number | null>(null);
  // the live row, so the dialog follows the source's status as the list polls
  const viewing = sources.data?.find((s) => s.id === viewingId) ?? null;

  async function refresh() {
    const result = await sources.refetch();
    if (result.error) {
      if (!handleUnauthorized(result.error)) toast({ variant: 'destructive', title: 'Error', description: sourceErrorText(result.error, 'Failed to load content sources') });
      return;
    }
    toast({ variant: 'success', title: 'Refreshed', description: 'Website sources list has been refreshed.' });
  }

  return (
    <Card>
      {/* Not CardHeader: its flex-col would fight a flex-row here (cn does not merge classes). */}
      <div className="flex items-start justify-between gap-4 p-6 pb-3">
        <div className="space-y-1.5">
          <CardTitle>Content Sources</CardTitle>
          <CardDescription>What your chatbot has learned from, and how each scan went.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={refresh} disabled={sources.isFetching} aria-label="Refresh sources">
          <RefreshCw className={sources.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden /> Refresh
        </Button>
      </div>
      <CardContent>
        {sources.isLoading ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : sources.error && !sources.data ? (
          <p role="alert" className="py-10 text-center text-sm text-red-600 dark:text-red-400">
            {sourceErrorText(sources.error, 'Failed to load content sources')}
          </p>
        ) : !sources.data?.length ? (
          <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">No content sources added yet</p>
        ) : (
          <ul className="space-y-3">
            {sources.data.map((source) => (
              <SourceItem
                key={source.id}
                source={source}
                rescanning={actions.rescan.isPending && actions.rescan.variables === source.id}
                onRescan={() => actions.rescan.mutate(source.id)}
                scheduling={actions.schedule.isPending && actions.schedule.variables?.sourceId === source.id}
                onSchedule={(syncSchedule) => actions.schedule.mutate({ sourceId: source.id, syncSchedule })}
                onDelete={() => setDeleting(source)}
                onShowPages={() => setViewingId(source.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Content Source"
        description={DELETE_SOURCE_TEXT}
        confirmLabel="Delete"
        destructive
        busy={actions.remove.isPending}
        onConfirm={() => deleting && actions.remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
      {viewing && <SourcePagesDialog chatbotId={chatbotId} source={viewing} name={sourceName(viewing)} onClose={() => setViewingId(null)} />}
    </Card>
  );
}

const STATUS = {
  pending: { tone: 'amber', Icon: Clock, iconClass: 'text-amber-500' },
  scanning: { tone: 'blue', Icon: Loader2, iconClass: 'animate-spin text-blue-500' },
  completed: { tone: 'green', Icon: CheckCircle2, iconClass: 'text-emerald-500' },
  error: { tone: 'red', Icon: XCircle, iconClass: 'text-red-500' },
} as const;

const TYPE_ICON = { website: Globe, text: FileText, file: FileUp, qa: MessageCircleQuestion } as const;

type ItemProps = {
  source: ContentSource;
  rescanning: boolean;
  onRescan: () => void;
  scheduling: boolean;
  onSchedule: (schedule: SyncSchedule) => void;
  onDelete: () => void;
  onShowPages: () => void;
};

function SourceItem({ source, rescanning, onRescan, scheduling, onSchedule, onDelete, onShowPages }: ItemProps) {
  const name = sourceName(source);
  const status = STATUS[source.status];
  const TypeIcon = TYPE_ICON[source.sourceType];
  return (
    <li data-testid="content-source" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex items-start gap-3">
        <status.Icon className={`mt-0.5 h-5 w-5 shrink-0 ${status.iconClass}`} aria-hidden />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate font-medium" title={name}>
              {name}
            </p>
            <Badge tone={status.tone} className="capitalize" data-testid="source-status">
              {source.status}
            </Badge>
          </div>
          {source.sourceType === 'website' && source.url && source.url !== name && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{source.url}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            <span className="inline-flex items-center gap-1">
              <TypeIcon className="h-3.5 w-3.5" aria-hidden />
              {source.sourceType === 'website' ? count(source.totalPages, 'page') : source.sourceType === 'qa' ? 'Q&A answer' : count(source.totalChunks, 'chunk')}
            </span>
            {source.sourceType === 'website' ? (
              <>
                <span>{source.lastScanned ? `Last synced ${formatWhen(source.lastScanned)}` : 'Not synced yet'}</span>
                <span data-testid="next-sync">{source.nextSyncAt ? `Next sync ${formatWhen(source.nextSyncAt)}` : 'Auto-sync off'}</span>
              </>
            ) : (
              <span>{source.lastScanned ? `Last scanned: ${new Date(source.lastScanned).toLocaleDateString()}` : 'Not scanned yet'}</span>
            )}
          </p>
          {source.status === 'error' && source.errorMessage && <p className="mt-2 text-sm text-red-600 dark:text-red-400">Error: {source.errorMessage}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {source.sourceType === 'website' && (
            <Select
              aria-label={`Auto-sync ${name}`}
              title="Auto-sync"
              className="h-8 w-auto py-0 text-xs"
              value={source.syncSchedule}
              disabled={scheduling}
              onChange={(e) => onSchedule(e.target.value as SyncSchedule)}
            >
              {SYNC_SCHEDULES.map((s) => (
                <option key={s} value={s}>
                  {s === 'off' ? 'Auto-sync off' : `Sync ${SYNC_SCHEDULE_LABELS[s].toLowerCase()}`}
                </option>
              ))}
            </Select>
          )}
          {source.sourceType === 'website' && (
            <Button variant="ghost" size="sm" aria-label={`Pages of ${name}`} title="Pages learned and skipped" onClick={onShowPages}>
              <ListChecks className="h-4 w-4" aria-hidden />
              {/* icon only on phones, where the row's name needs the width */}
              <span className="hidden sm:inline">Pages</span>
            </Button>
          )}
          <Button variant="ghost" size="sm" aria-label={`Rescan ${name}`} title="Rescan" onClick={onRescan} disabled={rescanning || isScanning(source)}>
            <RotateCw className="h-4 w-4" aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Delete ${name}`} title="Delete" onClick={onDelete} className="text-red-600 dark:text-red-400">
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>
    </li>
  );
}

/** A sync's date and time in the owner's locale: daily syncs make the time worth showing. */
function formatWhen(when: string | Date): string {
  return new Date(when).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

/** Title, else url, else file name, else "Untitled". */
export function sourceName(source: Pick<ContentSource, 'title' | 'url' | 'fileName'>): string {
  return source.title || source.url || source.fileName || 'Untitled';
}

const count = (n: number, noun: string) => `${n.toLocaleString()} ${n === 1 ? noun : `${noun}s`}`;
