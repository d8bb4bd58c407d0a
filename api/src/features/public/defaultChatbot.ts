import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { chatbots, contentSources, subscriptions, users, type Chatbot } from '../../db/schema';
import { logger } from '../../lib/logger';
import { ROOT_DIR } from '../../lib/paths';
import { SYSTEM_USER_ID } from '../auth/auth.service';
import { addTextSource, waitForIdle } from '../sources/sources.service';
import { PUBLIC_DEFAULT_PRIMARY } from './toPublicChatbotConfig';

export const KNOWLEDGE_FILE = path.join(ROOT_DIR, 'docs', 'parley-knowledge.md');

/** The bot of Parley's own site (there is at most one). */
export function getDefaultChatbot(): Chatbot | undefined {
  return db.select().from(chatbots).where(eq(chatbots.isPublicDefault, true)).get();
}

/**
 * Creates, once, the public bot that answers on Parley's marketing pages: owned by the system
 * user (who cannot sign in) on the unlimited plan, and trained on docs/parley-knowledge.md,
 * one text source per `##` section so answers cite the right part. A bot left without
 * sources (e.g. a start interrupted while training) is trained again.
 */
export async function seedDefaultChatbot(knowledgeFile = KNOWLEDGE_FILE): Promise<Chatbot> {
  ensureSystemUser();
  let bot = getDefaultChatbot();
  if (!bot) {
    bot = db
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
        homeScreenConfig: {
          version: 1,
          components: [],
          theme: { primaryColor: PUBLIC_DEFAULT_PRIMARY, backgroundColor: '#ffffff', textColor: '#1f2937' },
        },
      })
      .returning()
      .get();
    logger.info('seeded the default public chatbot', { guid: bot.guid });
  }
  const sources = db.select({ n: count() }).from(contentSources).where(eq(contentSources.chatbotId, bot.id)).get()?.n ?? 0;
  if (sources === 0) await train(bot.id, knowledgeFile);
  return bot;
}

/** `##` sections of the knowledge file as text sources, waited for so the bot answers at once. */
async function train(chatbotId: number, knowledgeFile: string) {
  if (!existsSync(knowledgeFile)) {
    logger.warn('default chatbot knowledge file missing', { file: knowledgeFile });
    return;
  }
  const ids: number[] = [];
  for (const section of splitSections(readFileSync(knowledgeFile, 'utf8'))) {
    const source = await addTextSource(chatbotId, {
      title: section.title,
      description: 'Parley documentation',
      textContent: section.body,
    });
    ids.push(source.id);
  }
  for (const id of ids) await waitForIdle(id);
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

function ensureSystemUser() {
  db.insert(users)
    .values({ id: SYSTEM_USER_ID, email: 'system@parley.invalid', passwordHash: '!', firstName: 'Parley', isAdmin: false })
    .onConflictDoNothing()
    .run();
  const now = new Date();
  const existing = db.select().from(subscriptions).where(eq(subscriptions.userId, SYSTEM_USER_ID)).get();
  const far = new Date(Date.UTC(now.getUTCFullYear() + 100, 0, 1));
  if (!existing) {
    db.insert(subscriptions)
      .values({ userId: SYSTEM_USER_ID, planId: 'ultra', status: 'active', currentPeriodStart: now, currentPeriodEnd: far })
      .run();
  } else if (existing.planId !== 'ultra' || existing.status !== 'active') {
    db.update(subscriptions)
      .set({ planId: 'ultra', status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: far })
      .where(and(eq(subscriptions.userId, SYSTEM_USER_ID)))
      .run();
  }
}
