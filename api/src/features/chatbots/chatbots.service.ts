import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { transaction } from '../../db/transaction';
import { db } from '../../db/client';
import { isUniqueViolation, serializeOn } from '../../db/locks';
import { chatbots, chatSessions, contentSources, type Chatbot, type User } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { getPlanForUser } from '../subscription/subscription.service';
import { ADMIN_MESSAGES, CHATBOT_DEFAULTS as DEFAULTS, planLabel, type CreateChatbotInput, type UpdateChatbotInput } from '@parley/contracts';

/**
 * The owner's bots, newest first, each with what the dashboard's "next steps" read: how many
 * content sources it has, and how many conversations (sessions with a message) the owner held
 * on the Test page and visitors held elsewhere.
 */
export async function listChatbots(userId: string) {
  const bots = await db.select().from(chatbots).where(eq(chatbots.userId, userId)).orderBy(desc(chatbots.createdAt), desc(chatbots.id));
  if (bots.length === 0) return [];
  const ids = bots.map((b) => b.id);
  const sourceCounts = new Map(
    (await db
      .select({ chatbotId: contentSources.chatbotId, n: count() })
      .from(contentSources)
      .where(inArray(contentSources.chatbotId, ids))
      .groupBy(contentSources.chatbotId))
      .map((r) => [r.chatbotId, r.n]),
  );
  const conversations = await db
    .select({ chatbotId: chatSessions.chatbotId, isTest: chatSessions.isTest, n: count() })
    .from(chatSessions)
    .where(and(inArray(chatSessions.chatbotId, ids), gt(chatSessions.messageCount, 0)))
    .groupBy(chatSessions.chatbotId, chatSessions.isTest);
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
export async function getOwnedChatbot(userId: string, ref: string | number): Promise<Chatbot> {
  const bot = await findChatbot(ref);
  if (!bot || bot.userId !== userId) throw notFound('Chatbot not found');
  return bot;
}

/**
 * A bot by its guid only: what every public path (chat, public config, the iframe page) uses,
 * so sequential ids never name a bot to a visitor and bots cannot be enumerated.
 */
export async function findChatbotByGuid(guid: string): Promise<Chatbot | undefined> {
  return (await db.select().from(chatbots).where(eq(chatbots.guid, guid)).limit(1))[0];
}

/** Any bot by numeric id or guid: owner paths only (they then check ownership). */
async function findChatbot(ref: string | number): Promise<Chatbot | undefined> {
  const asNumber = typeof ref === 'number' ? ref : /^\d+$/.test(ref) ? Number(ref) : null;
  if (asNumber !== null) {
    const byId = (await db.select().from(chatbots).where(eq(chatbots.id, asNumber)).limit(1))[0];
    if (byId) return byId;
  }
  return (await db.select().from(chatbots).where(eq(chatbots.guid, String(ref))).limit(1))[0];
}

export async function createChatbot(user: User, input: CreateChatbotInput): Promise<Chatbot> {
  const isActive = input.isActive ?? true;
  try {
    return await insertChatbot(user, input, isActive);
  } catch (error) {
    // Another request took the guid between the check and the insert (PostgreSQL: in parallel).
    if (isUniqueViolation(error)) throw conflict('A chatbot with this guid already exists', { field: 'guid' });
    throw error;
  }
}

async function insertChatbot(user: User, input: CreateChatbotInput, isActive: boolean): Promise<Chatbot> {
  return await transaction(async (tx) => {
    if (isActive) await serializeOn(activeBotsLock(user.id));
    if ((await tx.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.guid, input.guid)).limit(1))[0]) {
      throw conflict('A chatbot with this guid already exists', { field: 'guid' });
    }
    if (isActive) await assertActiveCapacity(user);
    return (await tx
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
      .returning())[0];
  });
}

export async function updateChatbot(user: User, ref: string, input: UpdateChatbotInput): Promise<Chatbot> {
  const bot = await getOwnedChatbot(user.id, ref);
  // An administrator switched it off for abuse: only an administrator lifts that.
  if (input.isActive === true && bot.disabledByAdminAt) throw forbidden(ADMIN_MESSAGES.disabledByAdmin, { disabledByAdmin: true });
  return await transaction(async (tx) => {
    if (input.isActive === true && !bot.isActive) {
      await serializeOn(activeBotsLock(user.id));
      await assertActiveCapacity(user);
    }
    const { avatarUrl, formRecipientEmail, ...rest } = input;
    return (await tx
      .update(chatbots)
      .set({
        ...rest,
        ...(avatarUrl !== undefined && { avatarUrl: avatarUrl || null }),
        ...(formRecipientEmail !== undefined && { formRecipientEmail: formRecipientEmail || null }),
        updatedAt: new Date(),
      })
      .where(eq(chatbots.id, bot.id))
      .returning())[0];
  });
}

export async function setHomeScreenConfig(userId: string, ref: string, homeScreenConfig: Chatbot['homeScreenConfig']) {
  const bot = await getOwnedChatbot(userId, ref);
  return (await db
    .update(chatbots)
    .set({ homeScreenConfig, updatedAt: new Date() })
    .where(eq(chatbots.id, bot.id))
    .returning())[0];
}

export async function deleteChatbot(userId: string, ref: string) {
  const bot = await getOwnedChatbot(userId, ref);
  await db.delete(chatbots).where(eq(chatbots.id, bot.id));
}

/**
 * Taken before counting the owner's active bots and switching one on, so that parallel requests
 * (on any instance) cannot each see room for one more bot and together pass the plan's cap.
 */
const activeBotsLock = (userId: string) => `active-bots:${userId}`;

/** Throws the 403 the dashboard turns into "Subscription Limit Reached". Admins are exempt. */
async function assertActiveCapacity(user: User) {
  if (user.isAdmin) return;
  const { plan } = await getPlanForUser(user.id);
  if (plan.maxBots < 0) return;
  const currentBots =
    (await db
      .select({ n: count() })
      .from(chatbots)
      .where(and(eq(chatbots.userId, user.id), eq(chatbots.isActive, true))).limit(1))[0]?.n ?? 0;
  if (currentBots >= plan.maxBots) {
    throw forbidden(
      `You have reached the limit of ${plan.maxBots} active chatbot${plan.maxBots === 1 ? '' : 's'} on the ${planLabel(plan)} plan. Upgrade your plan or deactivate a chatbot to continue.`,
      { upgradeRequired: true, currentBots, maxBots: plan.maxBots, planName: plan.name },
    );
  }
}

