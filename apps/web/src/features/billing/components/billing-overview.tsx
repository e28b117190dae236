import { useLocation, useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { subscriptionMessageFrom } from '../../../lib/subscription-redirect.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { useUsage } from '../api/get-usage.ts';
import { BillingNotices } from './billing-notices.tsx';
import { EnterpriseUsageCard } from './enterprise-usage-card.tsx';
import { PaidUsageCard } from './paid-usage-card.tsx';
import { SubscriptionCard } from './subscription-card.tsx';
import { TrialOfferCard } from './trial-offer-card.tsx';

/** The account's plan and this period's usage, or the trial offer when it has no plan yet. */
export function BillingOverview({ accountId }: { accountId: string }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const subscription = useSubscription(accountId);
  const usage = useUsage(accountId, Boolean(subscription.data));
  const sub = subscription.data;

  const notices = (
    <BillingNotices
      subscriptionMessage={sub?.is_active ? null : subscriptionMessageFrom(location.state)}
      checkoutSucceeded={params.get('checkout') === 'success'}
      returnedFromLocalPortal={params.get('portal') === 'local'}
    />
  );

  const loadError = subscription.error ?? usage.error;
  if (loadError) {
    return (
      <>
        {notices}
        <FormError message={`Failed to load billing data: ${loadError.message}`} />
      </>
    );
  }
  if (subscription.isPending) {
    return (
      <>
        {notices}
        <PageLoader label="Loading billing..." />
      </>
    );
  }
  if (!sub) {
    return (
      <>
        {notices}
        <TrialOfferCard />
      </>
    );
  }
  return (
    <>
      {notices}
      <SubscriptionCard subscription={sub} />
      {usage.data ? (
        sub.tier === 'enterprise' ? (
          <EnterpriseUsageCard usage={usage.data} subscription={sub} />
        ) : (
          <PaidUsageCard usage={usage.data} subscription={sub} />
        )
      ) : usage.isPending ? (
        <PageLoader />
      ) : null}
    </>
  );
}
