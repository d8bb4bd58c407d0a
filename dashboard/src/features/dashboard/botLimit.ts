export type BotLimit = {
  /** null = no cap (admin or an unlimited plan). */
  cap: number | null;
  active: number;
  level: 'ok' | 'approaching' | 'reached';
  canCreate: boolean;
};

/**
 * The active-chatbot cap: the plan's maxBots, -1 unlimited, admins exempt;
 * "approaching" at 80 % or more, "reached" at the cap (which disables Create Chatbot).
 */
export function computeBotLimit({ active, maxBots, isAdmin }: { active: number; maxBots: number | undefined; isAdmin: boolean }): BotLimit {
  if (isAdmin || maxBots === undefined || maxBots < 0) return { cap: null, active, level: 'ok', canCreate: true };
  if (active >= maxBots) return { cap: maxBots, active, level: 'reached', canCreate: false };
  if (maxBots > 0 && active / maxBots >= 0.8) return { cap: maxBots, active, level: 'approaching', canCreate: true };
  return { cap: maxBots, active, level: 'ok', canCreate: true };
}
