/**
 * Analytics latency: the figures of a 90-day period for one bot holding 100,000 messages
 * (about 20,000 conversations with realistic flags, 2,000 recurring question wordings plus one
 * question in five worded as nobody else did, replies to rating questions, cited sources, leads,
 * some Test-page chats), in a zone that changes its clocks inside the period, plus another bot's
 * traffic in the same tables. Route-level work, warm: the query read by its schema, the figures
 * computed and written as JSON. Prints ONE JSON line.
 * Budget: p95 ≤ 200 ms. Run: npx tsx bench/analytics.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-analytics-'));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = 'silent';

const MESSAGES = 100_000;
const OTHER_BOT_MESSAGES = 20_000;
const RUNS = 50;
const WARMUP = 5;
const BUDGET_MS = 200;
const PERIOD = { from: '2025-09-02', to: '2025-11-30', tz: 'Europe/Paris' };

const { sqlite } = await import('../api/src/db/client');
const { getChatbotAnalytics } = await import('../api/src/features/analytics/analytics.service');
const { questionKey } = await import('../api/src/features/chat/questionKey');
const { analyticsQuerySchema } = await import('@parley/contracts/schemas');
const { createSessionId } = await import('@parley/contracts');

// Deterministic pseudo-random numbers, so every run measures the same data.
let seed = 7;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
/** An index in [0, n) where low ranks are far more likely (Zipf-like), as real question and page popularity is. */
const zipfIndex = (n: number) => Math.min(n - 1, Math.floor(n ** rand()) - 1);

// 2,000 wordings: 400 subjects (two made-up words each), each asked in five ways.
const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ber', 'dan', 'fel', 'gor', 'hin', 'jus', 'mar', 'pol', 'quin', 'ros', 'tev', 'wil'];
const word = (i: number) => syllables[i % 20] + syllables[Math.floor(i / 20) % 20] + syllables[Math.floor(i / 400) % 20];
const subjects = Array.from({ length: 400 }, (_, i) => `${word(i)} ${word(i + 400)}`);
const frames = ['How do I renew my {s}?', 'Can I renew the {s}', 'renew {s} please', 'What does the {s} cost?', 'Is there a {s} for students?'];
const wordings = subjects.flatMap((s) => frames.map((f) => f.replace('{s}', s)));
const keys = new Map(wordings.map((w) => [w, questionKey(w)]));
const sources = Array.from({ length: 200 }, (_, i) => ({ title: `Help page ${i}`, url: `https://help.bench.example/page-${i}` }));

sqlite.exec(`INSERT INTO users (id, email, password_hash) VALUES ('bench', 'bench@example.com', 'x')`);
const newBot = (guid: string) =>
  (sqlite.prepare(`INSERT INTO chatbots (guid, user_id, name, system_prompt) VALUES (?, 'bench', ?, 'p') RETURNING id`).get(guid, guid) as { id: number }).id;
const insertSession = sqlite.prepare(
  `INSERT INTO chat_sessions (session_id, chatbot_id, message_count, is_test, first_question, question_count, has_fallback, has_handoff, has_thumbs_down, has_thumbs_up, has_lead, has_repeat, created_at, last_message_at)
   VALUES (@sessionId, @chatbotId, @messageCount, @isTest, @firstQuestion, @questionCount, @hasFallback, @hasHandoff, @hasThumbsDown, @hasThumbsUp, @hasLead, @hasRepeat, @createdAt, @lastMessageAt)`,
);
const insertMessage = sqlite.prepare(
  `INSERT INTO chat_messages (session_id, chatbot_id, sender, content, message_type, answer_status, feedback, question_key, unanswered_reason, triage, created_at)
   VALUES (@sessionId, @chatbotId, @sender, @content, @messageType, @answerStatus, @feedback, @questionKey, @unansweredReason, @triage, @createdAt) RETURNING id`,
);
const insertCitation = sqlite.prepare(`INSERT INTO message_citations (message_id, chatbot_id, title, url, created_at) VALUES (?, ?, ?, ?, ?)`);
const insertLead = sqlite.prepare(
  `INSERT INTO form_submissions (chatbot_id, session_id, form_title, form_data, created_at) VALUES (?, ?, 'Contact our team', '[]', ?)`,
);

let oneOffs = 0;

type Message = { sender: 'user' | 'bot'; content: string; messageType: string; answerStatus: string | null; feedback: string | null; questionKey: string | null; unansweredReason: string | null; cites: number[] };

/** One visitor's conversation: questions, each answered (or not), votes, a hand-off now and then. */
function conversationMessages(): Message[] {
  const messages: Message[] = [];
  if (rand() < 0.3) messages.push(bot('Welcome! How can I help?', 'text', null));
  const questions = 1 + Math.floor(rand() * 3.7);
  let previous = -1;
  for (let q = 0; q < questions; q++) {
    // One visitor in ten asks the same thing again in other words.
    const index = previous >= 0 && rand() < 0.1 ? previous - (previous % frames.length) + Math.floor(rand() * frames.length) : rand() < 0.5 ? zipfIndex(wordings.length) : Math.floor(rand() * wordings.length);
    // One question in five is worded as nobody else did: a long tail of one-off keys.
    const wording = rand() < 0.2 ? `${wordings[index].replace(/\?$/, '')} for my ${word(oneOffs % 8000)}${word(Math.floor(oneOffs++ / 8000))}?` : wordings[index];
    previous = index;
    const question: Message = { sender: 'user', content: wording, messageType: 'text', answerStatus: null, feedback: null, questionKey: keys.get(wording) ?? questionKey(wording), unansweredReason: null, cites: [] };
    messages.push(question);
    if (rand() < 0.04) {
      question.unansweredReason = 'handoff';
      messages.push(bot('Leave your details and we will get back to you.', 'form', null));
      if (rand() < 0.6) messages.push({ ...question, content: 'Contact our team: a visitor', messageType: 'system', questionKey: null, unansweredReason: null });
      break;
    }
    const fallback = rand() < 0.15;
    const answer = bot(fallback ? 'Sorry, I could not find that.' : `About ${wording}: see our help pages.`, 'text', fallback ? 'fallback' : 'answered');
    if (fallback) question.unansweredReason = 'fallback';
    else answer.cites = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => zipfIndex(sources.length));
    const vote = rand();
    if (vote < 0.08) answer.feedback = 'up';
    else if (vote < 0.11) {
      answer.feedback = 'down';
      question.unansweredReason ??= 'thumbs_down';
    }
    messages.push(answer);
    // Now and then the bot asks for a rating; the reply is stored without a question key.
    if (rand() < 0.05) {
      messages.push(bot('How did we do?', 'rating', null));
      messages.push({ sender: 'user', content: String(1 + Math.floor(rand() * 5)), messageType: 'text', answerStatus: null, feedback: null, questionKey: null, unansweredReason: null, cites: [] });
    }
  }
  return messages;
}

const bot = (content: string, messageType: string, answerStatus: string | null): Message => ({
  sender: 'bot', content, messageType, answerStatus, feedback: null, questionKey: null, unansweredReason: null, cites: [],
});

/** Conversations spread over the period (busier in the afternoon) until the bot holds `total` messages. */
function seedBot(chatbotId: number, total: number, periodStart: number, periodEnd: number) {
  let written = 0;
  let conversations = 0;
  let citations = 0;
  while (written < total) {
    const messages = conversationMessages().slice(0, total - written);
    const dayStart = periodStart + Math.floor(rand() * ((periodEnd - periodStart) / 86_400_000)) * 86_400_000;
    const hour = Math.floor(24 * (rand() < 0.7 ? 0.3 + rand() * 0.5 : rand()));
    let at = dayStart + hour * 3_600_000 + Math.floor(rand() * 3_600_000);
    const sessionId = createSessionId(at);
    const isTest = rand() < 0.01;
    const questions = messages.filter((m) => m.questionKey !== null);
    const keysAsked = questions.map((m) => m.questionKey);
    const hasLead = messages.some((m) => m.messageType === 'system');
    insertSession.run({
      sessionId,
      chatbotId,
      messageCount: messages.length,
      isTest: isTest ? 1 : 0,
      firstQuestion: questions[0]?.content ?? null,
      questionCount: questions.length,
      hasFallback: messages.some((m) => m.answerStatus === 'fallback') ? 1 : 0,
      hasHandoff: messages.some((m) => m.messageType === 'form') ? 1 : 0,
      hasThumbsDown: messages.some((m) => m.feedback === 'down') ? 1 : 0,
      hasThumbsUp: messages.some((m) => m.feedback === 'up') ? 1 : 0,
      hasLead: hasLead ? 1 : 0,
      hasRepeat: new Set(keysAsked).size < keysAsked.length ? 1 : 0,
      createdAt: at,
      lastMessageAt: at + messages.length * 20_000,
    });
    for (const m of messages) {
      const { id } = insertMessage.get({ ...m, sessionId, chatbotId, triage: m.unansweredReason && rand() < 0.2 ? 'dismissed' : null, createdAt: at }) as { id: number };
      for (const s of new Set(m.cites)) {
        insertCitation.run(id, chatbotId, sources[s].title, sources[s].url, at);
        citations++;
      }
      if (m.messageType === 'system') insertLead.run(chatbotId, sessionId, at);
      at += 5_000 + Math.floor(rand() * 40_000);
    }
    written += messages.length;
    conversations++;
  }
  return { conversations, citations };
}

const seedStart = performance.now();
const periodStart = Date.parse(`${PERIOD.from}T00:00:00Z`);
const periodEnd = Date.parse(`${PERIOD.to}T00:00:00Z`) + 86_400_000;
const guid = 'bench-analytics';
const botId = newBot(guid);
const otherId = newBot('bench-other');
let seeded = { conversations: 0, citations: 0 };
sqlite.transaction(() => {
  seeded = seedBot(botId, MESSAGES, periodStart, periodEnd);
  seedBot(otherId, OTHER_BOT_MESSAGES, periodStart, periodEnd);
})();
const seedSeconds = (performance.now() - seedStart) / 1000;

/** What the route does per request: read the query, compute the figures, write the JSON body. */
const serve = async () => {
  const figures = await getChatbotAnalytics('bench', guid, analyticsQuerySchema.parse(PERIOD));
  return { figures, bytes: JSON.stringify(figures).length };
};
let answer = (await serve()).figures;
for (let i = 0; i < WARMUP; i++) await serve();
const times: number[] = [];
const cpuBefore = process.cpuUsage();
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  answer = (await serve()).figures;
  times.push(performance.now() - t);
}
// CPU time per call tells the work apart from waiting for a busy machine's cores.
const cpu = process.cpuUsage(cpuBefore);
const cpuMsPerCall = (cpu.user + cpu.system) / 1000 / RUNS;
times.sort((a, b) => a - b);
const pct = (p: number) => Number(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1));

console.log(
  JSON.stringify({
    bench: 'analytics',
    messages: MESSAGES,
    conversations: seeded.conversations,
    citations: seeded.citations,
    otherBotMessages: OTHER_BOT_MESSAGES,
    period: PERIOD,
    counted: { conversations: answer.totals.conversations, messages: answer.totals.messages, topQuestion: answer.topQuestions[0]?.count ?? 0 },
    runs: RUNS,
    p50Ms: pct(50),
    p95Ms: pct(95),
    maxMs: Number(times[times.length - 1].toFixed(1)),
    cpuMsPerCall: Number(cpuMsPerCall.toFixed(1)),
    seedSeconds: Number(seedSeconds.toFixed(1)),
    budgetMs: BUDGET_MS,
    ok: pct(95) <= BUDGET_MS,
  }),
);
sqlite.close();
rmSync(dataDir, { recursive: true, force: true });
