import { quotaUsage } from '../billing-usage.ts';
import { QuotaBar } from './quota-bar.tsx';
import { UsageCardFrame, type UsageCardProps } from './usage-card-frame.tsx';
import { UsageStats } from './usage-stats.tsx';

export function PaidUsageCard({ usage, subscription }: UsageCardProps) {
  return (
    <UsageCardFrame usage={usage}>
      <QuotaBar quota={quotaUsage(usage, subscription)} />
      <UsageStats usage={usage} />
    </UsageCardFrame>
  );
}
