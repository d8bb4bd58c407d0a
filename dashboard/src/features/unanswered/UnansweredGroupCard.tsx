import { MessageSquare, MessageSquarePlus, XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { QaInput, UnansweredGroup } from '@parley/contracts';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatDateTime, shortSessionId } from '../history/historyFormat';
import { AnswerForm } from './AnswerForm';

type Props = {
  guid: string;
  group: UnansweredGroup;
  answering: boolean;
  onAnswer: () => void;
  onCancel: () => void;
  save: (qa: QaInput) => Promise<unknown>;
  saving: boolean;
  onDismiss: () => void;
  dismissing: boolean;
};

const REASONS = [
  { key: 'fallback', label: 'Fallback', tone: 'amber', says: (n: number) => `Got the fallback answer ${times(n)}` },
  { key: 'thumbsDown', label: 'Thumbs down', tone: 'red', says: (n: number) => `Voted not helpful ${times(n)}` },
  { key: 'handoff', label: 'Hand-off', tone: 'purple', says: (n: number) => `Handed to a person ${times(n)}` },
] as const;

/** Conversations linked from a group beyond the first; more would only be a long list of ids. */
const MORE_CONVERSATIONS = 5;

/** One group of similar unanswered questions: what was asked, how often and why, and what to do with it. */
export function UnansweredGroupCard({ guid, group, answering, onAnswer, onCancel, save, saving, onDismiss, dismissing }: Props) {
  const others = group.wordings.slice(1);
  const [latest, ...earlier] = group.sessionIds;
  const headingId = `unanswered-${group.id.replace(/[^\w-]/g, '_')}`;
  return (
    <li data-testid="unanswered-group" aria-labelledby={headingId}>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1">
            <h3 id={headingId} className="font-semibold break-words" data-testid="unanswered-question">
              {group.question}
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <span data-testid="unanswered-count">Asked {times(group.count)}</span>
              <span aria-hidden>·</span>
              <span>
                Last asked <time dateTime={group.lastAskedAt}>{formatDateTime(group.lastAskedAt)}</time>
              </span>
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5" data-testid="unanswered-reasons">
            {REASONS.filter((r) => group.reasons[r.key] > 0).map((r) => (
              <Badge key={r.key} tone={r.tone} title={r.says(group.reasons[r.key])}>
                {r.label}
              </Badge>
            ))}
            {group.testCount > 0 && (
              <Badge tone="gray" title={`${group.testCount} of these came from your Test page`}>
                Test
              </Badge>
            )}
          </div>
        </div>

        {others.length > 0 && (
          <div className="mt-3 text-sm">
            <p className="font-medium text-slate-700 dark:text-slate-300">Also asked as</p>
            <ul className="mt-1 space-y-0.5 text-slate-600 dark:text-slate-400" data-testid="unanswered-wordings">
              {others.map((w) => (
                <li key={w.text} className="break-words">
                  “{w.text}”{w.count > 1 && <span className="text-slate-500"> ({times(w.count)})</span>}
                </li>
              ))}
            </ul>
          </div>
        )}

        {latest && (
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Link
              to={historyLink(guid, latest)}
              className="inline-flex items-center gap-1 font-medium text-blue-600 hover:underline dark:text-blue-400"
            >
              <MessageSquare className="h-4 w-4" aria-hidden /> View conversation
            </Link>
            {earlier.slice(0, MORE_CONVERSATIONS).map((id) => (
              <Link key={id} to={historyLink(guid, id)} className="text-slate-600 hover:underline dark:text-slate-400" aria-label={`Conversation ${shortSessionId(id)}`}>
                Session {shortSessionId(id)}
              </Link>
            ))}
            {earlier.length > MORE_CONVERSATIONS && (
              <span className="text-slate-500 dark:text-slate-400">and {earlier.length - MORE_CONVERSATIONS} more</span>
            )}
          </p>
        )}

        {answering ? (
          <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
            <AnswerForm
              initial={{ question: group.question, variants: others.map((w) => w.text), answer: '' }}
              save={save}
              onCancel={onCancel}
              busy={saving}
              label={`Answer to ${group.question}`}
            />
          </div>
        ) : (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button size="sm" onClick={onAnswer}>
              <MessageSquarePlus className="h-4 w-4" aria-hidden /> Add an answer
            </Button>
            <Button variant="outline" size="sm" onClick={onDismiss} disabled={dismissing}>
              <XCircle className="h-4 w-4" aria-hidden /> Dismiss
            </Button>
          </div>
        )}
      </Card>
    </li>
  );
}

const times = (n: number) => `${n.toLocaleString()} time${n === 1 ? '' : 's'}`;

const historyLink = (guid: string, sessionId: string) => `/chatbots/${guid}/history?session=${encodeURIComponent(sessionId)}`;
