import { Button, Group, Text } from '@mantine/core';
import { formatShowing } from '../lib/format.ts';

interface ListFooterProps {
  shown: number;
  total: number;
  /** The server stopped counting at `total`: shown as "1,000+". */
  totalCapped?: boolean;
  /** 'users', 'accounts': the end of 'Showing X of Y total users'. */
  noun: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Under a server-paged list: how much of it is on screen, and the button for the next page. */
export function ListFooter({
  shown,
  total,
  totalCapped = false,
  noun,
  hasMore,
  loadingMore,
  onLoadMore,
}: ListFooterProps) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" data-testid="list-footer">
        {formatShowing(shown, total, noun, totalCapped)}
      </Text>
      {hasMore ? (
        <Button variant="default" loading={loadingMore} onClick={onLoadMore}>
          Load more
        </Button>
      ) : null}
    </Group>
  );
}
