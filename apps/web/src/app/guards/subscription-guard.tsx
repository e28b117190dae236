import { Fragment } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { activeAccount, getAuthToken, getStoredUser } from '../../lib/session.ts';
import {
  SUBSCRIBE_MESSAGE,
  type SubscriptionRedirectState,
} from '../../lib/subscription-redirect.ts';
import { subscriptionLetsIn } from './console-access.ts';
import { SubscriptionError } from './subscription-error.tsx';
import { useSubscriptionStatus } from './subscription-status.ts';

const VERIFYING = 'Verifying subscription...';

/** Lets a gated screen render only while the active account has a live subscription (the console: see console-access). */
export function SubscriptionGuard() {
  const { pathname } = useLocation();
  const token = getAuthToken();
  const status = useSubscriptionStatus(pathname, token !== null);

  if (!token) return <Navigate to="/login" replace />;
  if (status.data && subscriptionLetsIn(pathname, status.data)) {
    // A changed account or role (the check refreshed the stored user) remounts the screen, which
    // reads them when it mounts.
    const account = activeAccount(getStoredUser());
    return (
      <Fragment key={`${account?.id}:${account?.role}`}>
        <Outlet />
      </Fragment>
    );
  }
  if (status.isFetching) return <PageLoader label={VERIFYING} />;
  if (status.isError) {
    // The API client has already cleared the session and is on its way to /login.
    if (isApiError(status.error) && status.error.status === 401) {
      return <PageLoader label={VERIFYING} />;
    }
    return <SubscriptionError />;
  }
  if (status.data) {
    const state: SubscriptionRedirectState = { subscriptionMessage: SUBSCRIBE_MESSAGE };
    return <Navigate to="/billing" replace state={state} />;
  }
  return <PageLoader label={VERIFYING} />;
}
