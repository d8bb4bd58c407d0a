import type { ReactNode } from 'react';
import { Card } from '../../components/Card';

/** The centred card of the signed-out account pages, like the sign-in page's. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-gradient-to-b from-blue-50/60 to-white px-4 py-12 dark:from-slate-900 dark:to-slate-950">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {intro && <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{intro}</p>}
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}
