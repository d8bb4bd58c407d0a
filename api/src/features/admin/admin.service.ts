import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { transaction } from '../../db/transaction';
import { db, dialect } from '../../db/client';
import { serializeOn } from '../../db/locks';
import { adminActions, chatbots, users, type Chatbot, type User } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { pageInfo } from '../../lib/pagination';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, type AdminActionType } from '@parley/contracts';
import { SYSTEM_USER_ID } from '../auth/auth.service';
import { changePlanAsAdmin } from '../billing/billing.service';
import { getCurrentSubscription } from '../subscription/subscription.service';

/** Who acts on the admin page: a signed-in administrator (checked by `assertAdmin`). */
type Admin = Pick<User, 'id' | 'email' | 'isAdmin'>;

/** At most this many bots in the default-chatbot picker. */
const CHATBOT_PICKER_LIMIT = 100;

/** Throws the 403 every admin route answers anyone but an administrator with. */
export function assertAdmin(user: Pick<User, 'isAdmin'>): void {
  if (!user.isAdmin) throw forbidden(ADMIN_MESSAGES.adminsOnly);
}

/**
 * A page of accounts (newest first, the system user left out), each with its plan, this
 * period's usage and how many bots it has, on and in all. `search` matches the email or name.
 */
export async function listAccounts({ search, page }: { search: string; page: number }) {
  const where = and(ne(users.id, SYSTEM_USER_ID), search ? or(contains(users.email, search), contains(fullName, search)) : undefined);
  const totalCount = (await db.select({ n: count() }).from(users).where(where).limit(1))[0]?.n ?? 0;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), users.email)
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const botCounts = await countBots(rows.map((u) => u.id));
  const accounts = await Promise.all(
    rows.map(async (user) => {
    const subscription = await getCurrentSubscription(user.id);
    const bots = botCounts.get(user.id) ?? { activeBots: 0, totalBots: 0 };
    return {
      id: user.id,
      email: user.email,
      name: nameOf(user),
      isAdmin: user.isAdmin,
      createdAt: user.createdAt,
      plan: { id: subscription.plan.id, name: subscription.plan.name },
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      messagesUsedThisMonth: subscription.messagesUsedThisMonth,
      maxMessagesPerMonth: subscription.plan.maxMessagesPerMonth,
      maxBots: subscription.plan.maxBots,
      ...bots,
    };
    }),
  );
  return { accounts, pagination: pageInfo(totalCount, page, ADMIN_PAGE_SIZE) };
}

/** One account's bots (oldest first), with what the admin page acts on. */
export async function listAccountChatbots(userId: string) {
  const user = await findAccount(userId);
  return await db
    .select(pickerColumns)
    .from(chatbots)
    .innerJoin(users, eq(users.id, chatbots.userId))
    .where(eq(chatbots.userId, user.id))
    .orderBy(chatbots.createdAt, chatbots.id);
}

/**
 * Bots of every account (the system user's included) for picking the default public one: the
 * current default first, then by name. `search` matches the bot's name or its owner's email.
 */
export async function listAllChatbots({ search }: { search: string }) {
  return await db
    .select(pickerColumns)
    .from(chatbots)
    .innerJoin(users, eq(users.id, chatbots.userId))
    .where(search ? or(contains(chatbots.name, search), contains(users.email, search)) : undefined)
    .orderBy(desc(chatbots.isPublicDefault), sql`lower(${chatbots.name})`, chatbots.id)
    .limit(CHATBOT_PICKER_LIMIT);
}

/**
 * Puts an account on another plan at once (no payment) and logs it once it is done. Refusals
 * (an unknown account 404, an unknown plan 400, the plan it is already on 409) change and log
 * nothing.
 */
export async function changeAccountPlan(admin: Admin, targetUserId: string, planId: string, now = new Date()) {
  const user = await findAccount(targetUserId);
  const { message, fromPlanId } = await changePlanAsAdmin(user.id, planId, now);
  await logAdminAction(db, admin, 'change_plan', { targetUserId: user.id, details: { fromPlanId, toPlanId: planId } });
  return { message };
}

/**
 * Makes `guid` the only default public bot (the one on Parley's own pages). An inactive or
 * admin-disabled bot is refused with 409: visitors would meet a bot that does not answer.
 */
export async function setDefaultChatbot(admin: Admin, guid: string) {
  const bot = await findBot(guid);
  if (bot.disabledByAdminAt) throw conflict('This chatbot was deactivated by an administrator. Reactivate it, and have its owner switch it on, before making it the default.');
  if (!bot.isActive) throw conflict('This chatbot is inactive. Only an active chatbot can be the default public chatbot.');
  await transaction(async (tx) => {
    // Two admins switching at once on PostgreSQL would each keep their own bot the default.
    await serializeOn('default-chatbot');
    const previous = (await tx.select({ guid: chatbots.guid, name: chatbots.name }).from(chatbots).where(eq(chatbots.isPublicDefault, true)).limit(1))[0];
    await tx.update(chatbots).set({ isPublicDefault: false }).where(and(eq(chatbots.isPublicDefault, true), ne(chatbots.id, bot.id)));
    await tx.update(chatbots).set({ isPublicDefault: true }).where(eq(chatbots.id, bot.id));
    await logAdminAction(tx, admin, 'set_default_chatbot', {
      targetUserId: bot.userId,
      targetChatbotId: bot.id,
      details: { fromChatbotId: previous?.guid ?? null, fromChatbotName: previous?.name ?? null, toChatbotId: bot.guid, toChatbotName: bot.name },
    });
  });
  return await chatbotView(bot.id);
}

/**
 * Switches a bot off for abuse: inactive, and marked so its owner cannot switch it back on. The
 * default public bot is refused (pick another default first), as is a bot already deactivated.
 */
export async function deactivateChatbot(admin: Admin, guid: string, reason: string, now = new Date()) {
  const bot = await findBot(guid);
  if (bot.isPublicDefault) throw conflict('This chatbot is the default public chatbot. Pick another default first, then deactivate it.');
  if (bot.disabledByAdminAt) throw conflict('This chatbot is already deactivated by an administrator.');
  const ownerEmail = await emailOf(bot.userId);
  await transaction(async (tx) => {
    await tx.update(chatbots).set({ isActive: false, disabledByAdminAt: now, updatedAt: now }).where(eq(chatbots.id, bot.id));
    await logAdminAction(tx, admin, 'deactivate_chatbot', { targetUserId: bot.userId, targetChatbotId: bot.id, details: { reason, botName: bot.name, ownerEmail } });
  });
  return await chatbotView(bot.id);
}

/**
 * Lifts an admin's deactivation. The bot stays off: its owner switches it on again, within
 * their plan's limit of active bots.
 */
export async function reactivateChatbot(admin: Admin, guid: string, now = new Date()) {
  const bot = await findBot(guid);
  if (!bot.disabledByAdminAt) throw conflict('This chatbot was not deactivated by an administrator.');
  const ownerEmail = await emailOf(bot.userId);
  await transaction(async (tx) => {
    await tx.update(chatbots).set({ disabledByAdminAt: null, updatedAt: now }).where(eq(chatbots.id, bot.id));
    await logAdminAction(tx, admin, 'reactivate_chatbot', { targetUserId: bot.userId, targetChatbotId: bot.id, details: { botName: bot.name, ownerEmail } });
  });
  return await chatbotView(bot.id);
}

/** A page of the admin log, newest first, with the target account's email and bot's name as they are now. */
export async function listAdminActions({ page }: { page: number }) {
  const totalCount = (await db.select({ n: count() }).from(adminActions).limit(1))[0]?.n ?? 0;
  const rows = await db
    .select({
      id: adminActions.id,
      adminEmail: adminActions.adminEmail,
      action: adminActions.action,
      targetUserId: adminActions.targetUserId,
      targetEmail: users.email,
      targetChatbotId: adminActions.targetChatbotId,
      targetChatbotName: chatbots.name,
      details: adminActions.details,
      createdAt: adminActions.createdAt,
    })
    .from(adminActions)
    .leftJoin(users, eq(users.id, adminActions.targetUserId))
    .leftJoin(chatbots, eq(chatbots.id, adminActions.targetChatbotId))
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { actions: rows.map((row) => ({ ...row, action: row.action as AdminActionType })), pagination: pageInfo(totalCount, page, ADMIN_PAGE_SIZE) };
}

type Tx = Pick<typeof db, 'insert'>;

/** One line of the admin log, written in the same transaction as the change it records. */
export async function logAdminAction(
  tx: Tx,
  admin: Admin,
  action: AdminActionType,
  { targetUserId = null, targetChatbotId = null, details }: { targetUserId?: string | null; targetChatbotId?: number | null; details: Record<string, unknown> },
) {
  await tx.insert(adminActions).values({ adminUserId: admin.id, adminEmail: admin.email, action, targetUserId, targetChatbotId, details });
}

/** What the admin page shows of a bot. */
const pickerColumns = {
  id: chatbots.id,
  guid: chatbots.guid,
  name: chatbots.name,
  ownerId: chatbots.userId,
  ownerEmail: users.email,
  isActive: chatbots.isActive,
  isPublicDefault: chatbots.isPublicDefault,
  disabledByAdminAt: chatbots.disabledByAdminAt,
};

async function chatbotView(id: number) {
  return (await db.select(pickerColumns).from(chatbots).innerJoin(users, eq(users.id, chatbots.userId)).where(eq(chatbots.id, id)).limit(1))[0]!;
}

/** A signed-in account by id; the system user (who cannot sign in) is not one. */
async function findAccount(userId: string): Promise<User> {
  const user = userId === SYSTEM_USER_ID ? undefined : (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!user) throw notFound('Account not found');
  return user;
}

async function findBot(guid: string): Promise<Chatbot> {
  const bot = (await db.select().from(chatbots).where(eq(chatbots.guid, guid)).limit(1))[0];
  if (!bot) throw notFound('Chatbot not found');
  return bot;
}

async function emailOf(userId: string): Promise<string | null> {
  return (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1))[0]?.email ?? null;
}

async function countBots(userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { activeBots: number; totalBots: number }>();
  const rows = await db
    .select({ userId: chatbots.userId, totalBots: count(), activeBots: sql<number>`coalesce(sum(case when ${chatbots.isActive} then 1 else 0 end), 0)` })
    .from(chatbots)
    .where(inArray(chatbots.userId, userIds))
    .groupBy(chatbots.userId);
  return new Map(rows.map((r) => [r.userId, { activeBots: Number(r.activeBots), totalBots: r.totalBots }]));
}

const fullName = sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

/** Case-insensitive "contains", with no wildcard characters of its own (unlike LIKE). */
function contains(column: SQL | typeof users.email | typeof chatbots.name, text: string): SQL {
  return dialect === 'postgres' ? sql`strpos(lower(${column}), lower(${text})) > 0` : sql`instr(lower(${column}), lower(${text})) > 0`;
}

function nameOf(user: Pick<User, 'firstName' | 'lastName'>): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || null;
}
