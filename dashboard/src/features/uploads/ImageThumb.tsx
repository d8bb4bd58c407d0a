import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The picture an image field holds now, or its icon on a grey tile of the same size and shape. */
export function ImageThumb({ src, alt, Icon, className }: { src?: string | null; alt: string; Icon: LucideIcon; className: string }) {
  return src ? (
    <img src={src} alt={alt} className={cn('object-cover ring-1 ring-slate-200 dark:ring-slate-700', className)} />
  ) : (
    <span className={cn('inline-flex items-center justify-center bg-slate-100 text-slate-400 dark:bg-slate-800', className)}>
      <Icon className="h-6 w-6" aria-hidden />
    </span>
  );
}
