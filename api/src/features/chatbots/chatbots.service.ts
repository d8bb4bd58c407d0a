import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatbots, chatSessions, contentSources, type Chatbot, type User } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { getPlanForUser } from '../subscription/subscription.service';
import { ADMIN_MESSAGES, CHATBOT_DEFAULTS as DEFAULTS, planLabel, type CreateChatbotInput, type UpdateChatbotInput } from '@parley/contracts';

/**
 * The owner's bots, newest first, each with what the dashboard's "next steps" read: how many
 * content sources it has, and how many conversations (sessions with a message) the owner held
 * on the Test page and visitors held elsewhere.
 */
export function listChatbots(userId: string) {
  const bots = db.select().from(chatbots).where(eq(chatbots.userId, userId)).orderBy(desc(chatbots.createdAt), desc(chatbots.id)).all();
  if (bots.length === 0) return [];
  const ids = bots.map((b) => b.id);
  const sourceCounts = new Map(
    db
      .select({ chatbotId: contentSources.chatbotId, n: count() })
      .from(contentSources)
      .where(inArray(contentSources.chatbotId, ids))
      .groupBy(contentSources.chatbotId)
      .all()
      .map((r) => [r.chatbotId, r.n]),
  );
  const conversations = db
    .select({ chatbotId: chatSessions.chatbotId, isTest: chatSessions.isTest, n: count() })
    .from(chatSessions)
    .where(and(inArray(chatSessions.chatbotId, ids), gt(chatSessions.messageCount, 0)))
    .groupBy(chatSessions.chatbotId, chatSessions.isTest)
    .all();
  const conversationCount = (chatbotId: number, isTest: boolean) =>
    conversations.find((r) => r.chatbotId === chatbotId && r.isTest === isTest)?.n ?? 0;
  return bots.map((bot) => ({
    ...ownerView(bot),
    sourceCount: sourceCounts.get(bot.id) ?? 0,
    testConversationCount: conversationCount(bot.id, true),
    visitorConversationCount: conversationCount(bot.id, false),
  }));
}

/**
 * A bot as the owner's bot calls answer it: every setting, but not the identity secret, which
 * only `GET /api/chatbots/{guid}/identity-secret` hands out (so it sits in no cache or list).
 */
export function ownerView(bot: Chatbot): Omit<Chatbot, 'identitySecret'> {
  const { identitySecret: _secret, ...view } = bot;
  return view;
}

/**
 * The owner's bot by numeric id or guid. A bot of another owner answers 404 exactly like a
 * missing one, so ids cannot be probed.
 */
export function getOwnedChatbot(userId: string, ref: string | number): Chatbot {
  const bot = findChatbot(ref);
  if (!bot || bot.userId !== userId) throw notFound('Chatbot not found');
  return bot;
}

/**
 * A bot by its guid only: what every public path (chat, public config, the iframe page) uses,
 * so sequential ids never name a bot to a visitor and bots cannot be enumerated.
 */
export function findChatbotByGuid(guid: string): Chatbot | undefined {
  return db.select().from(chatbots).where(eq(chatbots.guid, guid)).get();
}

/** Any bot by numeric id or guid: owner paths only (they then check ownership). */
function findChatbot(ref: string | number): Chatbot | undefined {
  const asNumber = typeof ref === 'number' ? ref : /^\d+$/.test(ref) ? Number(ref) : null;
  if (asNumber !== null) {
    const byId = db.select().from(chatbots).where(eq(chatbots.id, asNumber)).get();
    if (byId) return byId;
  }
  return db.select().from(chatbots).where(eq(chatbots.guid, String(ref))).get();
}

export function createChatbot(user: User, input: CreateChatbotInput): Chatbot {
  const isActive = input.isActive ?? true;
  return db.transaction((tx) => {
    if (tx.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.guid, input.guid)).get()) {
      throw conflict('A chatbot with this guid already exists', { field: 'guid' });
    }
    if (isActive) assertActiveCapacity(user);
    return tx
      .insert(chatbots)
      .values({
        guid: input.guid,
        userId: user.id,
        name: input.name,
        description: input.description ?? null,
        avatarUrl: input.avatarUrl || null,
        systemPrompt: input.systemPrompt ?? DEFAULTS.systemPrompt,
        model: input.model ?? DEFAULTS.model,
        temperature: input.temperature ?? DEFAULTS.temperature,
        maxTokens: input.maxTokens ?? DEFAULTS.maxTokens,
        welcomeMessage: input.welcomeMessage ?? DEFAULTS.welcomeMessage,
        fallbackMessage: input.fallbackMessage ?? DEFAULTS.fallbackMessage,
        initialMessages: input.initialMessages ?? [...DEFAULTS.initialMessages],
        isActive,
        formRecipientEmail: input.formRecipientEmail || null,
        formRecipientName: input.formRecipientName ?? null,
        formConfirmationMessage: input.formConfirmationMessage ?? null,
        allowedDomains: input.allowedDomains ?? [],
        dailyMessageLimit: input.dailyMessageLimit ?? null,
        homeScreenConfig: input.homeScreenConfig ?? null,
      })
      .returning()
      .get();
  });
}

export function updateChatbot(user: User, ref: string, input: UpdateChatbotInput): Chatbot {
  const bot = getOwnedChatbot(user.id, ref);
  // An administrator switched it off for abuse: only an administrator lifts that.
  if (input.isActive === true && bot.disabledByAdminAt) throw forbidden(ADMIN_MESSAGES.disabledByAdmin, { disabledByAdmin: true });
  return db.transaction((tx) => {
    if (input.isActive === true && !bot.isActive) assertActiveCapacity(user);
    const { avatarUrl, formRecipientEmail, ...rest } = input;
    return tx
      .update(chatbots)
      .set({
        ...rest,
        ...(avatarUrl !== undefined && { avatarUrl: avatarUrl || null }),
        ...(formRecipientEmail !== undefined && { formRecipientEmail: formRecipientEmail || null }),
        updatedAt: new Date(),
      })
      .where(eq(chatbots.id, bot.id))
      .returning()
      .get();
  });
}

export function setHomeScreenConfig(userId: string, ref: string, homeScreenConfig: Chatbot['homeScreenConfig']) {
  const bot = getOwnedChatbot(userId, ref);
  return db
    .update(chatbots)
    .set({ homeScreenConfig, updatedAt: new Date() })
    .where(eq(chatbots.id, bot.id))
    .returning()
    .get();
}

export function deleteChatbot(userId: string, ref: string) {
  const bot = getOwnedChatbot(userId, ref);
  db.delete(chatbots).where(eq(chatbots.id, bot.id)).run();
}

/** Throws the 403 the dashboard turns into "Subscription Limit Reached". Admins are exempt. */
function assertActiveCapacity(user: User) {
  if (user.isAdmin) return;
  const { plan } = getPlanForUser(user.id);
  if (plan.maxBots < 0) return;
  const currentBots =
    db
      .select({ n: count() })
      .from(chatbots)
      .where(and(eq(chatbots.userId, user.id), eq(chatbots.isActive, true)))
      .get()?.n ?? 0;
  if (currentBots >= plan.maxBots) {
    throw forbidden(
      `You have reached the limit of ${plan.maxBots} active chatbot${plan.maxBots === 1 ? '' : 's'} on the ${planLabel(plan)} plan. Upgrade your plan or deactivate a chatbot to continue.`,
      { upgradeRequired: true, currentBots, maxBots: plan.maxBots, planName: plan.name },
    );
  }
}

