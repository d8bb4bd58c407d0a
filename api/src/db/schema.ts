import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { autoId, index, integer, nowMs, primaryKey, table, text, uniqueIndex } from './columns';
import { SYNC_SCHEDULES } from '@parley/contracts';

/** Timestamps are stored as milliseconds and read back as Date. */
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(nowMs);
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(nowMs);

export const users = table('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Login sessions: only the SHA-256 of the cookie token is stored. */
export const authSessions = table(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Stripe's subscription statuses; the local provider only uses `active`. */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'canceled', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const plans = table('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  price: integer('price').notNull(),
  currency: text('currency').notNull().default('usd'),
  features: text('features', { mode: 'json' }).$type<string[]>().notNull(),
  maxBots: integer('max_bots').notNull(),
  maxMessagesPerMonth: integer('max_messages_per_month').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const subscriptions = table('subscriptions', {
  id: autoId('id'),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
  currentPeriodStart: integer('current_period_start', { mode: 'timestamp_ms' }).notNull(),
  currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }).notNull(),
  cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
  /** Who bills this plan: `local` (no payment, this install) or `stripe` (the ids below are set). */
  provider: text('provider', { enum: ['local', 'stripe'] }).notNull().default('local'),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Stripe events already applied, so a replayed webhook changes nothing. */
export const billingEvents = table('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * Pending checkouts of the local provider: only the SHA-256 of the URL's token is stored; single
 * use, short-lived, bound to the owner who asked for it.
 */
export const localCheckouts = table('local_checkouts', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
});

/**
 * What administrators did (plan changes, default bot, deactivations). No foreign keys: the record
 * outlives the accounts and bots it names.
 */
export const adminActions = table(
  'admin_actions',
  {
    id: autoId('id'),
    adminUserId: text('admin_user_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    targetChatbotId: integer('target_chatbot_id'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_actions_created_idx').on(t.createdAt)],
);

/**
 * Answered visitor messages per owner per billing period. `month` is the period's key: "YYYY-MM" for a
 * calendar month (Free and the local provider), the period's start (ISO) for a Stripe period.
 */
export const monthlyUsage = table(
  'monthly_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    messagesUsed: integer('messages_used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/** Visitor messages a bot answered per UTC day ("YYYY-MM-DD"), for the owner's daily cap. */
export const dailyBotUsage = table(
  'daily_bot_usage',
  {
    chatbotId: integer('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    messagesUsed: integer('messages_used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatbotId, t.day] })],
);

export type HomeScreenConfig = Record<string, unknown>;

/** A new identity secret for a bot: 32 random bytes, hex (64 characters). */
export function newIdentitySecret(): string {
  return randomBytes(32).toString('hex');
}

export const chatbots = table(
  'chatbots',
  {
    id: autoId('id'),
    guid: text('guid').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    avatarUrl: text('avatar_url'),
    systemPrompt: text('system_prompt').notNull(),
    model: text('model').notNull().default('gpt-4.1'),
    temperature: integer('temperature').notNull().default(7),
    maxTokens: integer('max_tokens').notNull().default(1000),
    welcomeMessage: text('welcome_message'),
    fallbackMessage: text('fallback_message'),
    initialMessages: text('initial_messages', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    formRecipientEmail: text('form_recipient_email'),
    formRecipientName: text('form_recipient_name'),
    formConfirmationMessage: text('form_confirmation_message'),
    homeScreenConfig: text('home_screen_config', { mode: 'json' }).$type<HomeScreenConfig | null>(),
    /** Host names allowed to embed the bot; empty means anywhere. */
    allowedDomains: text('allowed_domains', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    /** The bot shown on Parley's own marketing site. */
    isPublicDefault: integer('is_public_default', { mode: 'boolean' }).notNull().default(false),
    /** Set when an administrator deactivated the bot (abuse): its owner cannot switch it back on. */
    disabledByAdminAt: integer('disabled_by_admin_at', { mode: 'timestamp_ms' }),
    /** Visitor messages the bot answers per UTC day; null means no daily cap (the default). */
    dailyMessageLimit: integer('daily_message_limit'),
    /**
     * The key of the widget's verified identity: the site's server sends `userHash =
     * HMAC-SHA256(identitySecret, userId)` (hex), which proves the signed-in user. 32 random bytes,
     * hex; shown to the owner only (`GET /api/chatbots/{guid}/identity-secret`), never in any bot
     * JSON. Every bot gets one when it is created (migration 0009 gave one to older bots).
     */
    identitySecret: text('identity_secret').$defaultFn(newIdentitySecret),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chatbots_user_idx').on(t.userId)],
);

/** Every uploaded file, so storage counts against its owner and unreferenced files can be removed. */
export const uploads = table(
  'uploads',
  {
    /** The stored file name under the uploads folder (also the last segment of its URL). */
    fileName: text('file_name').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['avatar', 'background', 'profile'] }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

export const contentSources = table(
  'content_sources',
  {
    id: autoId('id'),
    chatbotId: integer('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    sourceType: text('source_type', { enum: ['website', 'text', 'file', 'qa'] }).notNull(),
    title: text('title'),
    url: text('url'),
    fileName: text('file_name'),
    /**
     * What an uploaded file was, by content: a PDF or Word file's text holds its pages (sections)
     * separated by form feeds, rebuilt as pages by a rescan; null for text files and other sources.
     */
    fileFormat: text('file_format', { enum: ['pdf', 'docx'] }),
    description: text('description'),
    /** Raw text of text and file sources (the answer of a Q&A source), kept so a rescan can rebuild chunks. */
    textContent: text('text_content'),
    /** Other wordings of a Q&A source's question (its `title`); empty for other sources. */
    questionVariants: text('question_variants', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    maxPages: integer('max_pages').notNull().default(50),
    status: text('status', { enum: ['pending', 'scanning', 'completed', 'error'] }).notNull().default('pending'),
    totalPages: integer('total_pages').notNull().default(0),
    totalChunks: integer('total_chunks').notNull().default(0),
    /** Generation whose pages and chunks are live; a rescan writes generation + 1 and swaps on completion. */
    generation: integer('generation').notNull().default(0),
    lastScanned: integer('last_scanned', { mode: 'timestamp_ms' }),
    /** Website sources: how often the scheduler re-syncs it (`SYNC_SCHEDULES`); due one period after `lastScanned`. */
    syncSchedule: text('sync_schedule', { enum: SYNC_SCHEDULES }).notNull().default('off'),
    errorMessage: text('error_message'),
    /**
     * The instance scanning the source (a random id per process) and until when its claim holds
     * (ms): renewed by a heartbeat while it scans, so a dead instance's scan is taken over once
     * the lease runs out. Null when no instance holds it.
     */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: integer('lease_expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('content_sources_chatbot_idx').on(t.chatbotId), index('content_sources_claim_idx').on(t.status, t.leaseExpiresAt)],
);

export const pages = table(
  'pages',
  {
    id: autoId('id'),
    sourceId: integer('source_id')
      .notNull()
      .references(() => contentSources.id, { onDelete: 'cascade' }),
    chatbotId: integer('chatbot_id').notNull(),
    generation: integer('generation').notNull().default(0),
    url: text('url'),
    title: text('title'),
    content: text('content').notNull().default(''),
    status: text('status', { enum: ['ok', 'skipped', 'error'] }).notNull().default('ok'),
    /** Why a page was skipped or failed (robots, non-HTML, HTTP 404, timeout...). */
    reason: text('reason'),
    /** Validators the site sent with the page, sent back on the next sync (If-None-Match / If-Modified-Since). */
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** sha1 of the page's extracted title and text: an unchanged hash keeps the page's chunks on re-sync. */
    contentHash: text('content_hash'),
    /** Same-site links the page held, so a page not downloaded again (304, sitemap lastmod) still leads on. */
    links: text('links', { mode: 'json' }).$type<string[]>(),
    /** The page's same-site links with their texts, [url, text]: what the site calls the pages they lead to (`learnLinkTexts`). */
    linkTexts: text('link_texts', { mode: 'json' }).$type<[string, string][]>(),
    /** When the stored content was last known current (fetched, or confirmed by a 304). */
    fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('pages_source_idx').on(t.sourceId, t.generation)],
);

export const chunks = table(
  'chunks',
  {
    id: autoId('id'),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id').notNull(),
    chatbotId: integer('chatbot_id').notNull(),
    generation: integer('generation').notNull().default(0),
    position: integer('position').notNull().default(0),
    title: text('title'),
    url: text('url'),
    heading: text('heading'),
    content: text('content').notNull(),
    tokenCount: integer('token_count').notNull().default(0),
    embedding: text('embedding', { mode: 'json' }).$type<number[] | null>(),
  },
  (t) => [index('chunks_chatbot_idx').on(t.chatbotId, t.sourceId, t.generation), index('chunks_page_idx').on(t.pageId)],
);

export const chatSessions = table(
  'chat_sessions',
  {
    id: autoId('id'),
    sessionId: text('session_id').notNull().unique(),
    chatbotId: integer('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    messageCount: integer('message_count').notNull().default(0),
    /** Survey being conducted in this session, if any. */
    activeSurveyId: integer('active_survey_id'),
    /** Opened by the bot's owner from the Test page: not counted against any quota, labelled in history. */
    isTest: integer('is_test', { mode: 'boolean' }).notNull().default(false),
    /**
     * What the history list and analytics read without scanning messages, kept up to date as
     * messages, votes and leads arrive: the visitor's first question, how many questions they
     * asked, and whether the conversation had a fallback answer, a hand-off form, a thumbs-down,
     * a thumbs-up, a lead, or a question asked twice.
     */
    firstQuestion: text('first_question'),
    questionCount: integer('question_count').notNull().default(0),
    hasFallback: integer('has_fallback', { mode: 'boolean' }).notNull().default(false),
    hasHandoff: integer('has_handoff', { mode: 'boolean' }).notNull().default(false),
    hasThumbsDown: integer('has_thumbs_down', { mode: 'boolean' }).notNull().default(false),
    hasThumbsUp: integer('has_thumbs_up', { mode: 'boolean' }).notNull().default(false),
    hasLead: integer('has_lead', { mode: 'boolean' }).notNull().default(false),
    hasRepeat: integer('has_repeat', { mode: 'boolean' }).notNull().default(false),
    /**
     * The site's signed-in user the visitor proved to be (`POST /api/chat/{sessionId}/identify`
     * with a valid `userHash`): their id on the owner's site, the name and email the site sent
     * with it, and when. Null for an anonymous conversation. A session belongs to one user: another
     * user id is refused.
     */
    identifiedUserId: text('identified_user_id'),
    identifiedName: text('identified_name'),
    identifiedEmail: text('identified_email'),
    identifiedAt: integer('identified_at', { mode: 'timestamp_ms' }),
    /**
     * The turn being answered, whichever instance runs it: the holder (instance and turn) and
     * until when (ms) its claim holds without a heartbeat. A session's turns run one at a time.
     */
    turnOwner: text('turn_owner'),
    turnExpiresAt: integer('turn_expires_at'),
    createdAt: createdAt(),
    lastMessageAt: integer('last_message_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(nowMs),
  },
  (t) => [
    index('chat_sessions_chatbot_idx').on(t.chatbotId, t.lastMessageAt),
    // Analytics count a period's conversations from this index alone, flags included.
    index('chat_sessions_analytics_idx').on(
      t.chatbotId,
      t.createdAt,
      t.isTest,
      t.questionCount,
      t.hasFallback,
      t.hasHandoff,
      t.hasThumbsDown,
      t.hasThumbsUp,
      t.hasRepeat,
    ),
    index('chat_sessions_test_idx').on(t.chatbotId, t.isTest),
  ],
);

export const chatMessages = table(
  'chat_messages',
  {
    id: autoId('id'),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSessions.sessionId, { onDelete: 'cascade' }),
    chatbotId: integer('chatbot_id').notNull(),
    sender: text('sender', { enum: ['user', 'bot'] }).notNull(),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('text'),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    /** A bot answer written by the model: whether it answered or gave the fallback. Null for every other message. */
    answerStatus: text('answer_status', { enum: ['answered', 'fallback'] }),
    /** The visitor's vote on a bot answer, changeable; null until they vote. */
    feedback: text('feedback', { enum: ['up', 'down'] }),
    feedbackAt: integer('feedback_at', { mode: 'timestamp_ms' }),
    /** A visitor question's wording reduced to its sorted word stems (`questionKey`), so similar questions group. */
    questionKey: text('question_key'),
    /** Why a visitor question is in the Unanswered inbox (the bot fell back, got a thumbs-down, or handed off). */
    unansweredReason: text('unanswered_reason', { enum: ['fallback', 'thumbs_down', 'handoff'] }),
    /** The owner's handling of an unanswered question: answered with a Q&A source, or dismissed. */
    triage: text('triage', { enum: ['answered', 'dismissed'] }),
    triagedAt: integer('triaged_at', { mode: 'timestamp_ms' }),
    /**
     * The Q&A source that answered the question (triage 'answered'); deleting that source clears
     * the triage (`deleteSource`), so the question waits in the inbox again. No foreign key: a
     * cascade could only null this id and leave the question marked answered.
     */
    triageSourceId: integer('triage_source_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_session_idx').on(t.sessionId, t.id),
    // Analytics read a period's messages from this index alone (never the rows with their text).
    index('chat_messages_analytics_idx').on(
      t.chatbotId,
      t.createdAt,
      t.sender,
      t.messageType,
      t.answerStatus,
      t.feedback,
      t.unansweredReason,
      t.triage,
      t.questionKey,
    ),
    index('chat_messages_question_idx').on(t.chatbotId, t.questionKey, t.createdAt),
    index('chat_messages_unanswered_idx').on(t.chatbotId, t.unansweredReason, t.triage),
  ],
);

/** The sources a bot answer cited, one row each, so analytics can count them without reading message JSON. */
export const messageCitations = table(
  'message_citations',
  {
    id: autoId('id'),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    chatbotId: integer('chatbot_id').notNull(),
    title: text('title'),
    url: text('url'),
    createdAt: createdAt(),
  },
  (t) => [
    // Analytics rank a period's sources from this index alone.
    index('message_citations_analytics_idx').on(t.chatbotId, t.createdAt, t.url, t.title),
    index('message_citations_message_idx').on(t.messageId),
  ],
);

export const surveys = table(
  'surveys',
  {
    id: autoId('id'),
    chatbotId: integer('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: ['draft', 'active', 'archived'] }).notNull().default('draft'),
    surveyConfig: text('survey_config', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('surveys_chatbot_idx').on(t.chatbotId)],
);

export const surveyResponses = table(
  'survey_responses',
  {
    id: autoId('id'),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    chatbotId: integer('chatbot_id').notNull(),
    sessionId: text('session_id').notNull(),
    answers: text('answers', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    currentQuestionIndex: integer('current_question_index').notNull().default(0),
    completed: integer('completed', { mode: 'boolean' }).notNull().default(false),
    startedAt: integer('started_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(nowMs),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('survey_responses_survey_idx').on(t.surveyId), uniqueIndex('survey_responses_session_idx').on(t.surveyId, t.sessionId)],
);

export const contactMessages = table('contact_messages', {
  id: autoId('id'),
  contactType: text('contact_type', { enum: ['sales', 'support'] }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const formSubmissions = table(
  'form_submissions',
  {
    id: autoId('id'),
    chatbotId: integer('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    formTitle: text('form_title').notNull(),
    formData: text('form_data', { mode: 'json' })
      .$type<{ id: string; label: string; type?: string; value: string }[]>()
      .notNull(),
    emailSent: integer('email_sent', { mode: 'boolean' }).notNull().default(false),
    /** When the owner opened the lead in the Leads inbox; null means unread. */
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('form_submissions_chatbot_idx').on(t.chatbotId, t.createdAt)],
);

/** Mail waiting to go out; a worker sends and retries with backoff. */
export const emailOutbox = table(
  'email_outbox',
  {
    id: autoId('id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(nowMs),
    formSubmissionId: integer('form_submission_id'),
    contactMessageId: integer('contact_message_id'),
    /** The account the mail is about (a lead, a quota alert); deleted with it. Null for site mail. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Short-lived tokens the owner's Test page gives its widget, so its sessions are marked as tests. */
export const chatTestTokens = table(
  'chat_test_tokens',
  {
    /** SHA-256 of the token; the token itself is only ever in the owner's page. */
    tokenHash: text('token_hash').primaryKey(),
    chatbotId: integer('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_test_tokens_chatbot_idx').on(t.chatbotId)],
);

/** Monthly-quota alerts already mailed: one per threshold (80, 100) per owner per month. */
export const usageAlerts = table(
  'usage_alerts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.threshold] })],
);

/** Forgot-password links: only the SHA-256 of the token is stored; single use, short-lived. */
export const passwordResetTokens = table(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Rate-limit windows, shared by every instance on the database: one row per limiter and key,
 * counting hits since `windowStart` (ms). The key (an address, a session, an email) is stored
 * only as its SHA-256. Rows whose window has ended (`expiresAt`, ms) are swept.
 */
export const rateLimitHits = table(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    keyHash: text('key_hash').notNull(),
    windowStart: integer('window_start').notNull(),
    hits: integer('hits').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.keyHash] }), index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);

/**
 * The sign-in guard's memory (`features/auth/signinGuard.ts`), shared by every instance: per
 * (address, email) pair its recent failures, attempts being checked and lockout; per email its
 * recent failures across addresses. Times are ms; lists are JSON arrays of times. Addresses and
 * emails are stored as SHA-256 only. `scope` keeps separate guards (tests) apart.
 */
export const signInPairs = table(
  'sign_in_pairs',
  {
    scope: text('scope').notNull(),
    pairHash: text('pair_hash').notNull(),
    emailHash: text('email_hash').notNull(),
    failures: text('failures', { mode: 'json' }).$type<number[]>().notNull(),
    pending: text('pending', { mode: 'json' }).$type<number[]>().notNull(),
    lockedUntil: integer('locked_until').notNull(),
    lockouts: integer('lockouts').notNull(),
    lastLockoutAt: integer('last_lockout_at').notNull(),
    touchedAt: integer('touched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.pairHash] }), index('sign_in_pairs_email_idx').on(t.scope, t.emailHash), index('sign_in_pairs_touched_idx').on(t.touchedAt)],
);

export const signInEmails = table(
  'sign_in_emails',
  {
    scope: text('scope').notNull(),
    emailHash: text('email_hash').notNull(),
    failures: text('failures', { mode: 'json' }).$type<number[]>().notNull(),
    touchedAt: integer('touched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.emailHash] }), index('sign_in_emails_touched_idx').on(t.touchedAt)],
);

export type User = typeof users.$inferSelect;
export type Chatbot = typeof chatbots.$inferSelect;
export type Plan = typeof plans.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type ContentSource = typeof contentSources.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
