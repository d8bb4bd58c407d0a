import { useEffect, useId, useRef } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ModalDialog } from '../../components/ModalDialog';
import { Spinner } from '../../components/Spinner';
import { sourceErrorText } from './sourceErrors';
import { isScanning, useSourcePages, type ContentSource, type SourcePages } from './useSources';

/**
 * A website source's "Pages" view: how many pages were learned and skipped, then each page,
 * the skipped and failed ones with the reason in the server's plain words.
 */
export function SourcePagesDialog({ chatbotId, source, name, onClose }: { chatbotId: string; source: ContentSource | null; name: string; onClose: () => void }) {
  const titleId = useId();
  const pages = useSourcePages(chatbotId, source?.id ?? null);
  const scanning = source !== null && isScanning(source);
  const wasScanning = useRef(scanning);
  const { refetch } = pages;
  // a scan that ends while the dialog is open (the list polls) changes the report: fetch it again
  useEffect(() => {
    if (wasScanning.current && !scanning) void refetch();
    wasScanning.current = scanning;
  }, [scanning, refetch]);
  return (
    <ModalDialog open={source !== null} onCancel={onClose} labelledBy={titleId} size="md">
      <h2 id={titleId} className="text-lg font-semibold">
        Pages of {name}
      </h2>
      {pages.isLoading ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : pages.error || !pages.data ? (
        <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
          {sourceErrorText(pages.error, 'Failed to load the pages')}
        </p>
      ) : (
        <PageReport report={pages.data} scanning={scanning} />
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </ModalDialog>
  );
}

function PageReport({ report, scanning }: { report: SourcePages; scanning: boolean }) {
  const learned = report.pages.filter((p) => p.status === 'ok');
  const others = report.pages.filter((p) => p.status !== 'ok');
  return (
    <div className="mt-2 space-y-4 text-sm">
      <p data-testid="pages-summary" className="font-medium">
        {report.learned} learned, {report.skipped + report.failed} skipped
      </p>
      {report.scan === 'failed' && (
        <p className="text-red-600 dark:text-red-400">
          The last scan failed: {report.errorMessage}. These are the pages it reached; the chatbot keeps answering from the previous successful scan, if
          there was one.
        </p>
      )}
      {scanning && <p className="text-slate-500 dark:text-slate-400">A scan is under way: this list shows the previous scan until it finishes.</p>}
      {report.pages.length === 0 && !scanning && <p className="text-slate-500 dark:text-slate-400">No pages recorded yet.</p>}
      <div className="max-h-[60vh] space-y-4 overflow-y-auto">
        {learned.length > 0 && report.scan === 'live' && (
          <section aria-label="Learned pages">
            <h3 className="mb-1 font-medium">Learned</h3>
            <ul className="space-y-1">
              {learned.map((p) => (
                <li key={p.url} data-testid="page-learned" className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 truncate" title={p.url ?? undefined}>
                    {p.title || p.url}
                  </span>
                  <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{p.chunks === 1 ? '1 chunk' : `${p.chunks} chunks`}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {others.length > 0 && (
          <section aria-label="Skipped pages">
            <h3 className="mb-1 font-medium">Skipped or failed</h3>
            <ul className="space-y-2">
              {others.map((p) => (
                <li key={p.url} data-testid="page-skipped">
                  <div className="flex items-center gap-2">
                    <Badge tone={p.status === 'error' ? 'red' : 'amber'}>{p.status === 'error' ? 'Failed' : 'Skipped'}</Badge>
                    <span className="min-w-0 truncate" title={p.url ?? undefined}>
                      {p.url}
                    </span>
                  </div>
                  <p className="mt-0.5 text-slate-600 dark:text-slate-400">{p.reason}</p>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
