import { env } from '../../env';
import type { Plan, Subscription, User } from '../../db/schema';
import { localBilling } from './localBilling';
import { stripeBilling } from './stripeBilling';

/** The fields of a subscription row a provider may change. */
export type SubscriptionChange = Partial<
  Pick<Subscription, 'planId' | 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'provider' | 'stripeCustomerId' | 'stripeSubscriptionId'>
>;

/**
 * One billing interface, two implementations: `local` (self-hosting: changes take effect at once,
 * nothing is charged) and `stripe` (Checkout, prorated changes, cancel at period end, resume).
 * The service checks the rules before calling; a provider only carries the change out and answers
 * what the subscription row should now hold.
 */
export interface BillingProvider {
  readonly name: 'local' | 'stripe';
  /** Where the browser goes to pay for `plan` (locally: a one-time link that applies it). */
  checkout(input: { user: User; plan: Plan; subscription: Subscription; origin: string; now: Date }): Promise<{ url: string } & SubscriptionChange>;
  /** Moves a paid subscription to another paid plan (Stripe prorates the difference). */
  modify(subscription: Subscription, plan: Plan, now: Date): Promise<SubscriptionChange>;
  /** Ends the subscription at the end of its current period. */
  cancel(subscription: Subscription): Promise<SubscriptionChange>;
  /** Withdraws a cancellation before the period ends. */
  resume(subscription: Subscription): Promise<SubscriptionChange>;
}

/** Which provider this install uses for new checkouts. */
export function installBillingProvider(): BillingProvider['name'] {
  return env.STRIPE_SECRET_KEY ? 'stripe' : 'local';
}

/** The provider that bills `subscription` (a plan bought through Stripe stays with Stripe). */
export function providerFor(subscription: Pick<Subscription, 'provider'> | null): BillingProvider {
  const name = subscription?.provider === 'stripe' ? 'stripe' : installBillingProvider();
  return name === 'stripe' ? stripeBilling : localBilling;
}
