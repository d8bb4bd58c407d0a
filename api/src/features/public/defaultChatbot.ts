import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { serializeOn } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { chatbots, contentSources, subscriptions, users, type Chatbot } from '../../db/schema';
import { logger } from '../../lib/logger';
import { ROOT_DIR } from '../../lib/paths';
import { SYSTEM_USER_ID } from '../auth/auth.service';
import { addTextSource, deleteSource, waitForIdle } from '../sources/sources.service';
import { PUBLIC_HOME_SCREEN_CONFIG } from './publicHomeScreen';

export const KNOWLEDGE_FILE = path.join(ROOT_DIR, 'docs', 'parley-knowledge.md');

/** The bot of Parley's own site (there is at most one). */
export async function getDefaultChatbot(): Promise<Chatbot | undefined> {
  return (await db.select().from(chatbots).where(eq(chatbots.isPublicDefault, true)).limit(1))[0];
}

/**
 * Creates, once, the public bot that answers on Parley's marketing pages: owned by the system
 * user (who cannot sign in) on the unlimited plan, and trained on docs/parley-knowledge.md,
 * one text source per `##` section so answers cite the right part. Its documentation is
 * trained again whenever it differs from the file (an edited file, or a start interrupted
 * while training), and a bot whose home screen has no components (installs seeded before it
 * had one) gets Parley's home screen.
 */
export async function seedDefaultChatbot(knowledgeFile = KNOWLEDGE_FILE): Promise<Chatbot> {
  await ensureSystemUser();
  // Instances starting together on one database seed it once: the second waits, then finds it.
  const bot = await transaction(async () => {
    await serializeOn('default-chatbot');
    return await findOrCreateDefault();
  });
  await train(bot.id, knowledgeFile);
  return bot;
}

/** The default public bot, made now if there is none, with a home screen if it had none. */
async function findOrCreateDefault(): Promise<Chatbot> {
  let bot = await getDefaultChatbot();
  if (!bot) {
    bot = (await db
      .insert(chatbots)
      .values({
        guid: randomUUID(),
        userId: SYSTEM_USER_ID,
        name: 'Parley Assistant',
        description: "Answers questions about Parley on Parley's own website.",
        systemPrompt:
          'You are the Parley assistant. Parley lets businesses build AI support chatbots, train them on their own content and embed them on any website. Answer questions about Parley clearly and briefly.',
        model: 'gpt-4o-mini',
        temperature: 3,
        maxTokens: 800,
        welcomeMessage: "Hi! I'm the Parley assistant. Ask me anything about setting up, training or embedding your chatbot.",
        fallbackMessage:
          "I'm not sure about that one. Try asking about creating a chatbot, training it on your content, embedding the widget or plans, or leave your details and we'll get back to you.",
        initialMessages: ['Hi! Questions about Parley? Ask me 👋'],
        isActive: true,
        isPublicDefault: true,
        homeScreenConfig: PUBLIC_HOME_SCREEN_CONFIG,
      })
      .returning())[0];
    logger.info('seeded the default public chatbot', { guid: bot.guid });
  } else if (!hasComponents(bot.homeScreenConfig)) {
    bot = (await db.update(chatbots).set({ homeScreenConfig: PUBLIC_HOME_SCREEN_CONFIG, updatedAt: new Date() }).where(eq(chatbots.id, bot.id)).returning())[0]!;
    logger.info('gave the default public chatbot its home screen', { guid: bot.guid });
  }
  return bot;
}

const DOCS_DESCRIPTION = 'Parley documentation';

/**
 * The knowledge file's `##` sections as text sources, waited for so the bot answers at once.
 * Documentation sources that already match the file are kept as they are; otherwise they are
 * replaced, so visitors of an upgraded install are not told what the old docs said. Other
 * sources (answers added from the Unanswered inbox) are left alone.
 */
async function train(chatbotId: number, knowledgeFile: string) {
  if (!existsSync(knowledgeFile)) {
    logger.warn('default chatbot knowledge file missing', { file: knowledgeFile });
    return;
  }
  const sections = splitSections(readFileSync(knowledgeFile, 'utf8'));
  const docs = await db
    .select()
    .from(contentSources)
    .where(and(eq(contentSources.chatbotId, chatbotId), eq(contentSources.sourceType, 'text'), eq(contentSources.description, DOCS_DESCRIPTION)));
  const current = (s: { title: string | null; textContent: string | null }) => `${s.title}\n${s.textContent}`;
  const wanted = sections.map((s) => `${s.title}\n${s.body}`);
  const upToDate =
    docs.length === wanted.length && docs.every((d) => d.status === 'completed') && docs.map(current).sort().join('\0') === [...wanted].sort().join('\0');
  if (upToDate) return;
  if (docs.length > 0) logger.info('retraining the default public chatbot on the changed docs', { sources: docs.length, sections: sections.length });
  for (const doc of docs) await deleteSource(chatbotId, doc.id);
  const ids: number[] = [];
  for (const section of sections) {
    const source = await addTextSource(chatbotId, { title: section.title, description: DOCS_DESCRIPTION, textContent: section.body });
    ids.push(source.id);
  }
  for (const id of ids) await waitForIdle(id);
}

/** Whether a stored home screen shows anything of its own; a design someone made is never replaced. */
function hasComponents(config: unknown): boolean {
  const components = (config as { components?: unknown } | null)?.components;
  return Array.isArray(components) && components.length > 0;
}

/** Splits Markdown on `## ` headings; text before the first one is skipped (the page title). */
export function splitSections(markdown: string): { title: string; body: string }[] {
  const sections: { title: string; body: string }[] = [];
  for (const part of markdown.split(/^## /m).slice(1)) {
    const newline = part.indexOf('\n');
    const title = (newline < 0 ? part : part.slice(0, newline)).trim();
    const body = newline < 0 ? '' : part.slice(newline + 1).trim();
    if (title && body.length >= 10) sections.push({ title, body });
  }
  return sections;
}

async function ensureSystemUser() {
  await db.insert(users)
    .values({ id: SYSTEM_USER_ID, email: 'system@parley.invalid', passwordHash: '!', firstName: 'Parley', isAdmin: false })
    .onConflictDoNothing();
  const now = new Date();
  const existing = (await db.select().from(subscriptions).where(eq(subscriptions.userId, SYSTEM_USER_ID)).limit(1))[0];
  const far = new Date(Date.UTC(now.getUTCFullYear() + 100, 0, 1));
  if (!existing) {
    await db.insert(subscriptions)
      .values({ userId: SYSTEM_USER_ID, planId: 'ultra', status: 'active', currentPeriodStart: now, currentPeriodEnd: far })
      .onConflictDoNothing();
  } else if (existing.planId !== 'ultra' || existing.status !== 'active') {
    await db.update(subscriptions)
      .set({ planId: 'ultra', status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: far })
      .where(and(eq(subscriptions.userId, SYSTEM_USER_ID)));
  }
}
