import { ActionIcon, Group, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import type { Eval } from '@tokenwise/contracts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSendFeedback } from '../api/send-feedback.ts';
import { voteFor } from '../record-vote.ts';

const VOTES = [
  { feedback: 'positive', label: 'Thumbs up', color: 'teal', Icon: IconThumbUp },
  { feedback: 'negative', label: 'Thumbs down', color: 'red', Icon: IconThumbDown },
] as const;

/**
 * Thumbs up and down for one answer; the current vote is filled, a new vote replaces it. Read-only
 * members see the vote with both buttons disabled.
 */
export function FeedbackButtons({ item, canVote }: { item: Eval; canVote: boolean }) {
  const send = useSendFeedback();
  return (
    <Group gap="xs">
      {VOTES.map(({ feedback, label, color, Icon }) => (
        <ActionIcon
          key={feedback}
          variant={item.feedback === feedback ? 'filled' : 'default'}
          color={color}
          size="lg"
          aria-label={label}
          aria-pressed={item.feedback === feedback}
          disabled={!canVote}
          loading={send.isPending && send.variables?.feedback === feedback}
          onClick={() => send.mutate(voteFor(item, feedback))}
        >
          <Icon size={18} />
        </ActionIcon>
      ))}
      {send.isError ? (
        <Text size="sm" c="red">
          {errorMessage(send.error, 'Failed to save feedback')}
        </Text>
      ) : null}
      {send.data?.cache_entry_demoted ? (
        <Text size="sm" c="orange" role="status">
          This cached answer will not be served again until its cache entry is refreshed.
        </Text>
      ) : null}
    </Group>
  );
}
