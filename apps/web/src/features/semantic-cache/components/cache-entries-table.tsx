import { Badge, Table, Text, Tooltip } from '@mantine/core';
import type { CacheEntry } from '@tokenwise/contracts';
import { DateTime } from '../../../components/date-time.tsx';
import { DeleteRowAction } from '../../../components/delete-row-action.tsx';
import { formatCurrency, formatNumber } from '../../../lib/format.ts';

interface CacheEntriesTableProps {
  entries: CacheEntry[];
  /** Null for read-only members, who may look but not delete. */
  onDelete: ((entry: CacheEntry) => void) | null;
  deletingId: string | null;
}

/** One page of cached answers; single-entry savings are cents, so costs keep 4 decimals. */
export function CacheEntriesTable({ entries, onDelete, deletingId }: CacheEntriesTableProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" aria-label="Cached entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Prompt</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Model</Table.Th>
            <Table.Th ta="right">Tokens Saved</Table.Th>
            <Table.Th ta="right">Cost Saved</Table.Th>
            <Table.Th ta="right">Hits</Table.Th>
            <Table.Th>Last Hit</Table.Th>
            {onDelete ? <Table.Th aria-label="Actions" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td maw={320}>
                <Text size="sm" lineClamp={2} title={entry.prompt_preview}>
                  {entry.prompt_preview}
                </Text>
                {entry.demoted ? (
                  <Tooltip label="A user thumbed down an answer it served; it is not served until a refresh replaces it">
                    <Badge color="orange" variant="light" size="xs" mt={4}>
                      Not served (thumbs-down)
                    </Badge>
                  </Tooltip>
                ) : null}
              </Table.Td>
              <Table.Td>{entry.provider}</Table.Td>
              <Table.Td>{entry.model}</Table.Td>
              <Table.Td ta="right">{formatNumber(entry.tokens_saved)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(entry.cost_saved, 4)}</Table.Td>
              <Table.Td ta="right" data-testid="entry-hits">
                {formatNumber(entry.hits)}
              </Table.Td>
              <Table.Td>
                {entry.last_hit_at ? <DateTime value={entry.last_hit_at} /> : 'Never'}
              </Table.Td>
              {onDelete ? (
                <DeleteRowAction
                  label="Delete entry"
                  tooltip="Delete entry"
                  deleting={deletingId === entry.id}
                  onDelete={() => onDelete(entry)}
                />
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
