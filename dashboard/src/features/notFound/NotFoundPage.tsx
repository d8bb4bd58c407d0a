import { SearchX } from 'lucide-react';
import { ButtonLink } from '../../components/Button';
import { usePageMeta } from '../../lib/usePageMeta';

/** Any unknown path. */
export function NotFoundPage() {
  usePageMeta({ title: '404 - Page Not Found - Parley' });
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="text-center">
        <SearchX className="mx-auto h-12 w-12 text-slate-400" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">404 - Page Not Found</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">The page you are looking for does not exist or has been moved.</p>
        <ButtonLink to="/" className="mt-8">
          Go to Home Page
        </ButtonLink>
      </div>
    </div>
  );
}
