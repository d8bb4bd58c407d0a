import { Lock } from 'lucide-react';
import { ButtonAnchor } from '../../components/Button';
import { loginUrl } from '../../lib/browser';

/** The survey builder's signed-out view. */
export function AuthRequired() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 py-16 text-center">
      <div>
        <Lock className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Authentication Required</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">Please log in to access the survey builder.</p>
        <ButtonAnchor href={loginUrl()} className="mt-6">
          Log In
        </ButtonAnchor>
      </div>
    </div>
  );
}
