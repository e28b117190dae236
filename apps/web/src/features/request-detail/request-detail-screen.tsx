import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { useRequestDetail } from './api/get-request-detail.ts';
import { DetailHeader } from './components/detail-header.tsx';
import { OptimizationPanel } from './components/optimization-panel.tsx';
import { SummaryCards } from './components/summary-cards.tsx';
import { TextComparison } from './components/text-comparison.tsx';
import { TokenBreakdown } from './components/token-breakdown.tsx';
import { isRequestNotFound } from './load-failure.ts';

function LoadFailed({ notFound }: { notFound: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" maw={520}>
      <Stack align="flex-start">
        <Title order={3}>{notFound ? 'Request not found' : 'Failed to load request details'}</Title>
        <Text c="dimmed">
          {notFound
            ? 'It may belong to another account, or the link is mistyped.'
            : 'Please try again in a moment.'}
        </Text>
        <Button component={Link} to="/dashboard">
          Back to Dashboard
        </Button>
      </Stack>
    </Paper>
  );
}

/** Everything logged about one gateway request, reached from the dashboard's View Details. */
export function RequestDetailScreen() {
  const { requestId = '' } = useParams();
  const detail = useRequestDetail(requestId);

  if (detail.isPending) return <PageLoader label="Loading request..." />;
  if (detail.isError) {
    return <LoadFailed notFound={isRequestNotFound(detail.error)} />;
  }
  const request = detail.data;
  return (
    <Stack gap="lg">
      <Button component={Link} to="/dashboard" variant="subtle" px={0} w="fit-content">
        ← Back to Dashboard
      </Button>
      <DetailHeader request={request} />
      <SummaryCards request={request} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <OptimizationPanel request={request} />
        <TokenBreakdown request={request} />
      </SimpleGrid>
      <TextComparison request={request} />
    </Stack>
  );
}
