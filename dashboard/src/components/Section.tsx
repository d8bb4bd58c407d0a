import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A marketing-page band with an optional eyebrow, heading and intro. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  className,
  children,
}: {
  id?: string;
  eyebrow?: string;
  title?: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={cn('py-20 sm:py-24', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {(eyebrow || title || intro) && (
          <div className="mx-auto mb-14 max-w-2xl text-center">
            {eyebrow && <p className="text-sm font-semibold tracking-wide text-blue-600 uppercase dark:text-blue-400">{eyebrow}</p>}
            {title && <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h2>}
            {intro && <p className="mt-4 text-lg leading-8 text-slate-600 dark:text-slate-400">{intro}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}
