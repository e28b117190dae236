import { Button, Group, Text } from '@mantine/core';

interface ListFooterProps {
  shown: number;
  total: number;
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
  noun,
  hasMore,
  loadingMore,
  onLoadMore,
}: ListFooterProps) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" data-testid="list-footer">
        Showing {shown} of {total} total {noun}
      </Text>
      {hasMore ? (
        <Button variant="default" loading={loadingMore} onClick={onLoadMore}>
          Load more
        </Button>
      ) : null}
    </Group>
  );
}
