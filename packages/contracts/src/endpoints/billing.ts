import {
  AccountIdParams,
  BillingOverview,
  CheckoutRequest,
  RedirectResponse,
  Subscription,
  Usage,
} from '../billing.ts';
import { jsonEndpoint } from '../endpoint.ts';

/** Reachable without a subscription: billing is where one starts. */
export const billingEndpoints = {
  checkout: jsonEndpoint({
    method: 'POST',
    path: '/v1/billing/checkout',
    body: CheckoutRequest,
    response: RedirectResponse,
  }),
  portal: jsonEndpoint({ method: 'POST', path: '/v1/billing/portal', response: RedirectResponse }),
  /** The active account's plan and this period's usage in one answer, `null`s without a plan. */
  overview: jsonEndpoint({
    method: 'GET',
    path: '/v1/billing/subscription',
    response: BillingOverview,
  }),
  /**
   * What /billing reads (spec section 7); `null` when the account never had a subscription, so a
   * new account's screen makes no request that fails.
   */
  subscription: jsonEndpoint({
    method: 'GET',
    path: '/v1/admin/subscriptions/user/:accountId',
    params: AccountIdParams,
    response: Subscription.nullable(),
  }),
  /** This period's usage, read by /billing after the subscription; `null` without one. */
  usage: jsonEndpoint({
    method: 'GET',
    path: '/v1/admin/usage/:accountId',
    params: AccountIdParams,
    response: Usage.nullable(),
  }),
};
