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
  /**
   * The active account's plan and this period's usage, with `null`s for an account that never had
   * a plan: what /billing reads, so the screen never asks for something that answers 404.
   */
  overview: jsonEndpoint({
    method: 'GET',
    path: '/v1/billing/subscription',
    response: BillingOverview,
  }),
  /** 404 when the account never had a subscription. */
  subscription: jsonEndpoint({
    method: 'GET',
    path: '/v1/admin/subscriptions/user/:accountId',
    params: AccountIdParams,
    response: Subscription,
  }),
  /** This period's usage; 404 without a subscription. */
  usage: jsonEndpoint({
    method: 'GET',
    path: '/v1/admin/usage/:accountId',
    params: AccountIdParams,
    response: Usage,
  }),
};
