import { limitLevel, type LimitLevel } from '@parley/contracts';

export type BotLimit = {
  /** null = no cap (admin or an unlimited plan). */
  cap: number | null;
  active: number;
  level: LimitLevel;
  canCreate: boolean;
};

/**
 * The active-chatbot cap: the plan's maxBots, -1 unlimited, admins exempt; the shared plan-limit
 * rule says when it is approaching, and "reached" disables Create Chatbot.
 */
export function computeBotLimit({ active, maxBots, isAdmin }: { active: number; maxBots: number | undefined; isAdmin: boolean }): BotLimit {
  if (isAdmin || maxBots === undefined || maxBots < 0) return { cap: null, active, level: 'ok', canCreate: true };
  const level = limitLevel(active, maxBots);
  return { cap: maxBots, active, level, canCreate: level !== 'reached' };
}
