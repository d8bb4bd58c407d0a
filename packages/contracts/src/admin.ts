/**
 * The admin page: what administrators can do to other accounts and bots, the words the server
 * answers with, and the log's action names. Plain rules and texts; the zod schemas in
 * `admin.schemas.ts` use the same pieces, so the page and the server refuse the same input.
 */

/** What the admin log records, one name per kind of action. */
export const ADMIN_ACTION_TYPES = ['change_plan', 'set_default_chatbot', 'deactivate_chatbot', 'reactivate_chatbot', 'create_reset_link'] as const;
export type AdminActionType = (typeof ADMIN_ACTION_TYPES)[number];

/** The admin log's action names in plain words. */
export const ADMIN_ACTION_LABELS: Record<AdminActionType, string> = {
  change_plan: 'Changed plan',
  set_default_chatbot: 'Set default public chatbot',
  deactivate_chatbot: 'Deactivated chatbot',
  reactivate_chatbot: 'Reactivated chatbot',
  create_reset_link: 'Created a password reset link',
};

/** Why an admin deactivated a bot: long enough to mean something, short enough for the log. */
export const DEACTIVATION_REASON_LIMITS = { min: 3, max: 500 } as const;

/** Accounts and log entries per page of the admin page. */
export const ADMIN_PAGE_SIZE = 50;

/** The admin API's texts, word for word. */
export const ADMIN_MESSAGES = {
  adminsOnly: 'Administrators only',
  reasonShort: `Give a reason of at least ${DEACTIVATION_REASON_LIMITS.min} characters`,
  reasonLong: `The reason must be at most ${DEACTIVATION_REASON_LIMITS.max} characters`,
  chatbotRequired: 'Choose a chatbot',
  /** The owner's answer when switching on a bot an admin deactivated. */
  disabledByAdmin: 'This chatbot was deactivated by an administrator. Contact support to have it reviewed.',
} as const;

/** POST /api/admin/default-chatbot: `chatbotId` is the bot's guid. */
export interface DefaultChatbotChange {
  chatbotId: string;
}

/** POST /api/admin/chatbots/{guid}/deactivate. */
export interface ChatbotDeactivation {
  reason: string;
}
