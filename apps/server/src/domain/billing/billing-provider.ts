import type { AccountSummary } from '@tokenwise/contracts';

/**
 * Where checkout and the customer portal live. The local provider (no STRIPE_SECRET_KEY) starts the
 * trial at once; a Stripe provider sends the browser to Stripe and learns the outcome from webhooks.
 */
export interface BillingProvider {
  readonly id: string;
  /** Starts checkout for the paid tier and returns the URL the browser should open. */
  startCheckout(input: { account: AccountSummary; email: string }): Promise<string>;
  /** Returns the URL of the page where the account manages its subscription. */
  openPortal(input: { account: AccountSummary }): Promise<string>;
  /**
   * Applies a webhook delivery: `rawBody` exactly as received (its signature covers those bytes).
   * Absent on a provider that takes no webhooks.
   */
  handleWebhook?(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome>;
}

/** What a webhook delivery did: changed a subscription, or nothing (seen before, older, unrelated). */
export interface WebhookOutcome {
  eventId: string;
  applied: boolean;
  /** The account whose subscription changed, when one did. */
  accountId?: string;
}
