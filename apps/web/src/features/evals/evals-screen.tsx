import { Alert, SegmentedControl, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { activeAccount, getStoredUser } from '../../lib/session.ts';
import { useEvalStats } from './api/get-eval-stats.ts';
import { type EvalFilter, useEvals } from './api/get-evals.ts';
import { EvalCard } from './components/eval-card.tsx';
import { EvalStats } from './components/eval-stats.tsx';
import { FeedbackHowTo } from './components/feedback-howto.tsx';
import { canVote } from './vote-access.ts';

const LOAD_FAILED = 'Failed to load evaluation data';

const FILTERS: Array<{ value: EvalFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'positive', label: 'Positive' },
  { value: 'negative', label: 'Negative' },
];

/** Answers to review with thumbs up or down, the running satisfaction figures, and the API how-to. */
export function EvalsScreen() {
  const [filter, setFilter] = useState<EvalFilter>('all');
  const stats = useEvalStats();
  const evals = useEvals(filter);
  const mayVote = canVote(activeAccount(getStoredUser())?.role);

  let body: ReactNode;
  if (stats.isError) body = <LoadError load={stats} fallback={LOAD_FAILED} />;
  else if (stats.isPending) body = <PageLoader label="Loading evaluations..." />;
  else {
    body = (
      <>
        <EvalStats stats={stats.data} />
        {mayVote ? null : (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
            Read-only members can review answers and their votes; voting is for owners, admins and
            members.
          </Alert>
        )}
        <FeedbackHowTo />
        <SegmentedControl
          aria-label="Feedback filter"
          w="fit-content"
          value={filter}
          onChange={(v) => setFilter(v as EvalFilter)}
          data={FILTERS}
        />
        <PagedList
          pages={evals}
          noun="evaluations"
          loadingLabel="Loading evaluations..."
          emptyText={
            filter === 'all'
              ? 'No evaluations yet: answered requests appear here for review.'
              : `No evaluations with ${filter} feedback.`
          }
          errorText={LOAD_FAILED}
        >
          {(rows) => (
            <Stack gap="sm">
              {rows.map((item) => (
                <EvalCard key={item.id} item={item} canVote={mayVote} />
              ))}
            </Stack>
          )}
        </PagedList>
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title="Evaluations" />
      {body}
    </Stack>
  );
}
