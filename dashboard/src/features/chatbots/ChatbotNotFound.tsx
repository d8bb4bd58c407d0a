import { ArrowLeft, SearchX } from 'lucide-react';
import { ButtonLink } from '../../components/Button';

// Copied word for word; the edit sentence has no full stop.
const NOT_FOUND_TEXT = {
  access: "The chatbot you're looking for doesn't exist or you don't have permission to access it.",
  edit: "The chatbot you're looking for doesn't exist or you don't have permission to edit it",
};

/**
 * A missing bot and someone else's look the same, so the page never reveals that a foreign bot
 * exists. Tool pages say "or you don't have permission to {action} it"; without an action (the
 * edit page) the text stays with "doesn't exist".
 */
export function ChatbotNotFound({ action }: { action?: 'access' | 'edit' }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <SearchX className="mx-auto h-12 w-12 text-slate-400" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Chatbot Not Found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {action ? NOT_FOUND_TEXT[action] : "The chatbot you're looking for doesn't exist."}
        </p>
        <ButtonLink to="/dashboard" variant="outline" className="mt-6">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
        </ButtonLink>
      </div>
    </div>
  );
}
