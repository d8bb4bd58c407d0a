/**
 * Plan-change rules and texts shared by the API and the plans page: what a choice of plan is
 * (checkout, upgrade or downgrade), and the spec's toasts.
 */

/** The spec's success texts (the server answers them as `message`; the page falls back to them). */
export const SUBSCRIPTION_SUCCESS = {
  modify: 'Subscription updated successfully',
  resume: 'Your subscription has been resumed successfully.',
  cancel: 'Your subscription will be canceled at the end of the current billing period.',
} as const;

/** The spec's failure toasts, shown with the title "Error". */
export const SUBSCRIPTION_FAILURE = {
  checkout: 'Failed to create checkout session. Please try again.',
  modify: 'Failed to modify subscription. Please try again.',
  resume: 'Failed to resume subscription. Please try again.',
  cancel: 'Failed to cancel subscription. Please try again.',
} as const;

export type PlanChoice = 'current' | 'checkout' | 'upgrade' | 'downgrade' | 'none';

/**
 * What choosing `target` means for an owner on `current`: on an active paid plan another paid
 * plan is a modification (an upgrade when it costs more, otherwise a downgrade); otherwise a paid
 * plan goes through checkout. The Free plan is never chosen (it has no button, even when it is the
 * current plan): it is where a cancellation ends.
 */
export function planChoice(
  current: { planId: string; price: number; status: string },
  target: { id: string; price: number },
): PlanChoice {
  if (target.price <= 0) return 'none';
  if (target.id === current.planId) return 'current';
  if (current.status === 'active' && current.price > 0) return target.price > current.price ? 'upgrade' : 'downgrade';
  return 'checkout';
}

/** What a downgrade below the number of active chatbots means, in the owner's words. */
export function overBotLimitText(activeBots: number, maxBots: number, planName: string): string {
  return `You have ${activeBots} active chatbots and the ${planName} plan allows ${maxBots}. They keep running, but you can't activate another until fewer than ${maxBots} are active.`;
}
