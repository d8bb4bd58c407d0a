/**
 * How much load `npm run test:load` makes. The defaults are the full counts the issue asks for;
 * CI (`.ci/run`) sets smaller ones through the environment to stay within its time budget.
 */
export const loadSettings = {
  /** Streaming conversations held open at once. */
  conversations: count('LOAD_CONVERSATIONS', 200),
  /** Turns each of those conversations takes, one after the other. */
  turnsPerConversation: count('LOAD_TURNS', 3),
  /** Parallel sends racing for the last messages of an owner's monthly quota. */
  quotaRacers: count('LOAD_QUOTA_RACERS', 150),
  /** Conversations chatting busily when the server is killed. */
  killConversations: count('LOAD_KILL_CONVERSATIONS', 100),
  /** Which database the servers run on: `sqlite` (default) or `postgres` (`npm run test:load` runs both). */
  database: process.env.LOAD_DATABASE === 'postgres' ? ('postgres' as const) : ('sqlite' as const),
};

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, not "${raw}"`);
  return n;
}
