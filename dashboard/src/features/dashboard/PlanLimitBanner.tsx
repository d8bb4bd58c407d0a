import { overBotLimitText } from '@parley/contracts';
import type { BotLimit } from './botLimit';
import { LimitBanner } from './LimitBanner';

/**
 * Amber near the active-chatbot cap, red at it. Past it (after a downgrade) the bots keep running
 * and the banner says that new activations are blocked, in the words of the downgrade's message.
 */
export function PlanLimitBanner({ limit, planName }: { limit: BotLimit; planName: string }) {
  if (limit.level === 'ok' || limit.cap === null) return null;
  const reached = limit.level === 'reached';
  return (
    <LimitBanner reached={reached} title={reached ? 'Active Chatbot Limit Reached' : 'Approaching Active Chatbot Limit'}>
      {limit.active > limit.cap
        ? overBotLimitText(limit.active, limit.cap, planName)
        : reached
        ? `You are using all ${limit.cap} active chatbot${limit.cap === 1 ? '' : 's'} of the ${planName} plan. Deactivate a chatbot or upgrade to create more.`
        : `You are using ${limit.active} of ${limit.cap} active chatbots on the ${planName} plan.`}
    </LimitBanner>
  );
}
