import type { SubscriptionStatusResponse } from '@tokenwise/contracts';

const CONSOLE_PATH = /^\/admin(\/|$)/;

/**
 * Whether the subscription check lets the screen at `pathname` open: a live subscription opens
 * every screen; the platform console also opens for a superadmin without one. The flag is the
 * user's and the console works in no account of theirs, so an operator whose own trial lapsed, or
 * who was removed from their last account, is not sent to /billing (where there may be nothing
 * to pay for).
 */
export function subscriptionLetsIn(pathname: string, status: SubscriptionStatusResponse): boolean {
  if (status.has_active_subscription) return true;
  return Boolean(status.user?.is_superadmin) && CONSOLE_PATH.test(pathname);
}
