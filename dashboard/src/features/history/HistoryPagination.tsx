import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/Button';
import { pageWindow } from './historyFormat';
import type { SessionsPage } from './useChatHistory';

/** Previous, up to five page numbers, next. */
export function HistoryPagination({ pagination, onPage }: { pagination: SessionsPage['pagination']; onPage: (page: number) => void }) {
  const { currentPage, totalPages, hasPreviousPage, hasNextPage } = pagination;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-2">
      <Button variant="outline" size="sm" disabled={!hasPreviousPage} onClick={() => onPage(currentPage - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
      </Button>
      {pageWindow(currentPage, totalPages).map((n) => (
        <Button
          key={n}
          variant={n === currentPage ? 'primary' : 'outline'}
          size="sm"
          aria-label={`Page ${n}`}
          aria-current={n === currentPage ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button variant="outline" size="sm" disabled={!hasNextPage} onClick={() => onPage(currentPage + 1)}>
        Next <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}
