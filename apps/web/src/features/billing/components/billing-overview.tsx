import { useLocation, useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { subscriptionMessageFrom } from '../../../lib/subscription-redirect.ts';
import { useBillingOverview } from '../api/get-billing-overview.ts';
import { BillingNotices } from './billing-notices.tsx';
import { EnterpriseUsageCard } from './enterprise-usage-card.tsx';
import { PaidUsageCard } from './paid-usage-card.tsx';
import { SubscriptionCard } from './subscription-card.tsx';
import { TrialOfferCard } from './trial-offer-card.tsx';

/** The account's plan and this period's usage, or the trial offer when it has no plan yet. */
export function BillingOverview({ accountId }: { accountId: string }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const overview = useBillingOverview(accountId);
  const sub = overview.data?.subscription ?? null;
  const usage = overview.data?.usage ?? null;

  const notices = (
    <BillingNotices
      subscriptionMessage={sub?.is_active ? null : subscriptionMessageFrom(location.state)}
      checkoutSucceeded={params.get('checkout') === 'success'}
      returnedFromLocalPortal={params.get('portal') === 'local'}
    />
  );

  if (overview.error) {
    return (
      <>
        {notices}
        <FormError message={`Failed to load billing data: ${overview.error.message}`} />
      </>
    );
  }
  if (overview.isPending) {
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
      {usage ? (
        sub.tier === 'enterprise' ? (
          <EnterpriseUsageCard usage={usage} subscription={sub} />
        ) : (
          <PaidUsageCard usage={usage} subscription={sub} />
        )
      ) : null}
    </>
  );
}
