import { Stack, Text } from '@mantine/core';
import type { CacheQuality, CacheQualityFigures } from '@tokenwise/contracts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { EvalRunNote, NotMeasured } from '../../../components/eval-run-note.tsx';
import { QueryPanel } from '../../../components/query-panel.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { useCacheQuality } from '../api/get-cache-quality.ts';
import { formatSimilarity } from '../cache-settings.ts';

const COMMAND = 'npm run eval:cache:independent';

interface QualityRow extends CacheQualityFigures {
  set: string;
}

const share = (value: number) => formatPercent(value * 100);

const COLUMNS: DataColumn<QualityRow>[] = [
  { label: 'Pair set', card: 'title', cell: (row) => row.set },
  { label: 'Paraphrases found', numeric: true, cell: (row) => share(row.recall) },
  { label: 'Wrong hits (of hits)', numeric: true, cell: (row) => share(row.wrong_hit_share) },
  {
    label: 'Pairs',
    numeric: true,
    cell: (row) => formatNumber(row.positives + row.negatives),
  },
];

/** Recall and wrong hits measured offline at the threshold nearest the account's, beside its setting. */
export function CacheQualityPanel() {
  const query = useCacheQuality();
  return (
    <QueryPanel
      title="Measured quality"
      query={query}
      fallback="Failed to load semantic cache data"
    >
      {(quality) => <QualityFigures quality={quality} />}
    </QueryPanel>
  );
}

function QualityFigures({ quality }: { quality: CacheQuality }) {
  const { independent, template } = quality;
  if (!independent) return <NotMeasured command={COMMAND} />;
  const rows: QualityRow[] = [
    ...(independent.heldout5
      ? [{ set: 'Fifth set: frozen part (two authors, blind)', ...independent.heldout5 }]
      : []),
    ...(independent.heldout4
      ? [{ set: 'Fourth set: frozen part (four authors, blind)', ...independent.heldout4 }]
      : []),
    ...(independent.heldout3
      ? [{ set: 'Third set: frozen half (written blind to the engine)', ...independent.heldout3 }]
      : []),
    ...(independent.heldout2
      ? [{ set: 'Second held-out set (other author, never tuned on)', ...independent.heldout2 }]
      : []),
    { set: 'Held-out half (never tuned on)', ...independent.heldout },
    { set: 'Tuning half', ...independent.tune },
    ...(independent.tune3 ? [{ set: 'Third set: half tuned on', ...independent.tune3 }] : []),
    ...(independent.tune4 ? [{ set: 'Fourth set: part tuned on', ...independent.tune4 }] : []),
    ...(independent.tune5 ? [{ set: 'Fifth set: part tuned on', ...independent.tune5 }] : []),
    ...(template ? [{ set: 'Template pairs (own eval)', ...template.test }] : []),
  ];
  const measured = independent.heldout.threshold;
  return (
    <Stack gap="sm" data-testid="cache-quality">
      <Text size="sm">
        Measured on the independent pair set (questions written apart from the embedder, with
        near-misses that ask something different) at threshold {formatSimilarity(measured)}
        {measured === quality.account_threshold
          ? ', your threshold.'
          : `, the measured threshold nearest your ${formatSimilarity(quality.account_threshold)}.`}
      </Text>
      <DataTable
        label="Measured cache quality"
        rows={rows}
        columns={COLUMNS}
        rowKey={(row) => row.set}
        minWidth={420}
        verticalSpacing="xs"
        rowTestId="cache-quality-row"
      />
      <EvalRunNote run={independent} command={COMMAND} />
    </Stack>
  );
}
