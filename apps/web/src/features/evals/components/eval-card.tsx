import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Eval } from '@tokenwise/contracts';
import { Link } from 'react-router';
import { DateTime } from '../../../components/date-time.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { FeedbackButtons } from './feedback-buttons.tsx';

function Block({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
        {text || '—'}
      </Text>
    </div>
  );
}

/** One answered request: what was asked, what came back, and the reviewer's vote. */
export function EvalCard({ item, canVote }: { item: Eval; canVote: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="eval-item">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Block label="Prompt" text={item.prompt} />
          <Block label="Response" text={item.response} />
        </SimpleGrid>
        {item.comment ? <Block label="Comment" text={item.comment} /> : null}
        <Group justify="space-between">
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {item.model} · {formatNumber(item.tokens_used)} tokens ·{' '}
              <DateTime value={item.created_at} />
            </Text>
            {item.cache_hit ? (
              <Badge size="xs" color="teal" variant="light">
                Cached answer
              </Badge>
            ) : null}
            {/* The card shows six lines of each text; the request's page shows all of it. */}
            <Anchor component={Link} to={`/requests/${encodeURIComponent(item.id)}`} size="xs">
              View Details
            </Anchor>
          </Group>
          <FeedbackButtons item={item} canVote={canVote} />
        </Group>
      </Stack>
    </Paper>
  );
}
