import { Badge, Text, Tooltip } from '@mantine/core';
import type { CacheEntry } from '@tokenwise/contracts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { deleteColumn } from '../../../components/delete-row-action.tsx';
import { formatCurrency, formatNumber } from '../../../lib/format.ts';

interface CacheEntriesTableProps {
  entries: CacheEntry[];
  /** Null for read-only members, who may look but not delete. */
  onDelete: ((entry: CacheEntry) => void) | null;
  deletingId: string | null;
}

/** One page of cached answers; single-entry savings are cents, so costs keep 4 decimals. */
export function CacheEntriesTable({ entries, onDelete, deletingId }: CacheEntriesTableProps) {
  const columns: DataColumn<CacheEntry>[] = [
    {
      label: 'Prompt',
      card: 'title',
      td: { maw: 320 },
      cell: (entry) => <PromptCell entry={entry} />,
    },
    { label: 'Provider', cell: (entry) => entry.provider },
    { label: 'Model', cell: (entry) => entry.model },
    { label: 'Tokens Saved', numeric: true, cell: (entry) => formatNumber(entry.tokens_saved) },
    { label: 'Cost Saved', numeric: true, cell: (entry) => formatCurrency(entry.cost_saved, 4) },
    {
      label: 'Hits',
      numeric: true,
      cell: (entry) => <span data-testid="entry-hits">{formatNumber(entry.hits)}</span>,
    },
    {
      label: 'Last Hit',
      cell: (entry) => (entry.last_hit_at ? <DateTime value={entry.last_hit_at} /> : 'Never'),
    },
  ];
  if (onDelete) {
    columns.push(
      deleteColumn({
        label: () => 'Delete entry',
        tooltip: 'Delete entry',
        deleting: (entry) => deletingId === entry.id,
        onDelete,
      }),
    );
  }
  return (
    <DataTable
      label="Cached entries"
      rows={entries}
      columns={columns}
      rowKey={(entry) => entry.id}
      minWidth={820}
    />
  );
}

function PromptCell({ entry }: { entry: CacheEntry }) {
  return (
    <>
      <Text size="sm" fw="inherit" lineClamp={2} title={entry.prompt_preview}>
        {entry.prompt_preview}
      </Text>
      {entry.demoted ? (
        <Tooltip label="A user thumbed down an answer it served; it is not served until a refresh replaces it">
          <Badge color="orange" variant="light" size="xs" mt={4}>
            Not served (thumbs-down)
          </Badge>
        </Tooltip>
      ) : null}
    </>
  );
}
