import type { FeedbackRating } from '@parley/contracts';
import { useChatActions } from '../chat/ChatActions';
import { feedbackKey, type FeedbackState } from '../chat/ChatController';

/** What the visitor hears once a vote is stored, and sees when it could not be. */
const FEEDBACK_THANKS = 'Thanks for your feedback.';
const FEEDBACK_FAILED = "Couldn't save your feedback. Please try again.";

const BUTTONS: [FeedbackRating, string][] = [
  ['up', 'Helpful'],
  ['down', 'Not helpful'],
];

/**
 * Thumbs up and down under a bot answer that takes votes (`isRateableAnswer`). One vote per
 * answer: the other thumb changes it, the pressed one does nothing. Without `rateAnswer` in the
 * chat actions (a read-only transcript) the recorded vote shows as text, or nothing when none.
 */
export function AnswerFeedback({ messageId, feedback }: { messageId: number | string; feedback?: FeedbackRating | null }) {
  const chat = useChatActions();
  const { rateAnswer } = chat;
  if (!rateAnswer) {
    if (!feedback) return null;
    return (
      <p className="cw-feedback is-recorded">
        <Thumb rating={feedback} />
        {feedback === 'up' ? 'Visitor found this helpful' : 'Visitor found this not helpful'}
      </p>
    );
  }
  const status = chat.answers[feedbackKey(messageId)] as FeedbackState | undefined;
  // The transcript around this block is a polite live log; silencing it here leaves the thanks to
  // be announced once, by its own status, instead of by the status and again by the log.
  return (
    <div className="cw-feedback" aria-live="off">
      <div className="cw-thumbs" role="group" aria-label="Was this answer helpful?">
        {BUTTONS.map(([rating, label]) => (
          <button
            key={rating}
            type="button"
            className="cw-thumb"
            aria-label={label}
            title={label}
            aria-pressed={feedback === rating}
            onClick={() => feedback !== rating && rateAnswer(messageId, rating)}
          >
            <Thumb rating={rating} />
          </button>
        ))}
      </div>
      {/* Always in the page, so screen readers hear the thanks when it is filled in. */}
      <p className="cw-feedback-note" role="status">
        {status === 'saved' ? FEEDBACK_THANKS : ''}
      </p>
      {status === 'failed' ? (
        <p className="cw-feedback-error" role="alert">
          {FEEDBACK_FAILED}
        </p>
      ) : null}
    </div>
  );
}

/** A thumbs-up icon; thumbs down is the same shape turned over. */
function Thumb({ rating }: { rating: FeedbackRating }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        transform={rating === 'down' ? 'rotate(180 12 12)' : undefined}
        d="M1 21h4V9H1zm22-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.5-1.1L14.2 1 7.6 7.6C7.2 8 7 8.4 7 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7c.1-.3.2-.5.2-.8z"
      />
    </svg>
  );
}
