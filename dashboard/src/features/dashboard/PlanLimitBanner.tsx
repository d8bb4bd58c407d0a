import type { BotLimit } from './botLimit';
import { LimitBanner } from './LimitBanner';

/** Amber near the active-chatbot cap, red at it. */
export function PlanLimitBanner({ limit, planName }: { limit: BotLimit; planName: string }) {
  if (limit.level === 'ok' || limit.cap === null) return null;
  const reached = limit.level === 'reached';
  return (
    <LimitBanner reached={reached} title={reached ? 'Active Chatbot Limit Reached' : 'Approaching Active Chatbot Limit'}>
      {reached
        ? `You are using all ${limit.cap} active chatbot${limit.cap === 1 ? '' : 's'} of the ${planName} plan. Deactivate a chatbot or upgrade to create more.`
        : `You are using ${limit.active} of ${limit.cap} active chatbots on the ${planName} plan.`}
    </LimitBanner>
  );
}
