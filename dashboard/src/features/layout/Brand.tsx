import { MessageSquareText } from 'lucide-react';
import { Link } from 'react-router-dom';

export function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900 dark:text-white">
      <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-blue-600 text-white shadow-sm">
        <MessageSquareText className="h-[18px] w-[18px]" aria-hidden />
      </span>
      Parley
    </Link>
  );
}
