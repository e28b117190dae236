import { Badge, Group, Stack, Text } from '@mantine/core';
import type { LevelQuality, OptimizationQuality } from '@tokenwise/contracts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { EvalRunNote, NotMeasured } from '../../../components/eval-run-note.tsx';
import { QueryPanel } from '../../../components/query-panel.tsx';
import { formatPercent } from '../../../lib/format.ts';
import { useOptimizationQuality } from '../api/get-optimization-quality.ts';
import { LEVEL_OPTIONS } from '../optimization-levels.ts';

const COMMAND = 'npm run eval:compress';

const share = (value: number) => formatPercent(value * 100);
/** A share, or "not measured" when the result file predates it. */
const measuredShare = (value: number | null) => (value === null ? 'not measured' : share(value));
/** A count, or "not measured" when the result file predates it. */
const count = (value: number | null) =>
  value === null ? 'not measured' : value.toLocaleString('en-US');
const inBand = (saved: number, row: LevelQuality) => saved >= row.band.min && saved <= row.band.max;
const titleOf = (level: LevelQuality['level']) =>
  LEVEL_OPTIONS.find((o) => o.level === level)?.title ?? level;

function columns(current: LevelQuality['level']): DataColumn<LevelQuality>[] {
  return [
    {
      label: 'Level',
      card: 'title',
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          {titleOf(row.level)}
          {row.level === current ? (
            <Badge size="xs" variant="light">
              Current
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      label: 'Tokens saved',
      numeric: true,
      cell: (row) => (
        <Text size="sm" c={row.in_band ? undefined : 'red'} span>
          {share(row.reduction)}
        </Text>
      ),
    },
    {
      label: 'Saved, held-out',
      numeric: true,
      cell: (row) => (
        <Text
          size="sm"
          c={
            row.reduction_held_out !== null && !inBand(row.reduction_held_out, row)
              ? 'red'
              : undefined
          }
          span
        >
          {measuredShare(row.reduction_held_out)}
        </Text>
      ),
    },
    {
      label: 'Promised',
      numeric: true,
      cell: (row) => `${Math.round(row.band.min * 100)}–${Math.round(row.band.max * 100)}%`,
    },
    { label: 'Answers kept', numeric: true, cell: (row) => share(row.answers_kept) },
    { label: 'Facts kept', numeric: true, cell: (row) => share(row.items_kept) },
    { label: 'Tasks kept', numeric: true, cell: (row) => measuredShare(row.tasks_kept) },
    { label: 'Broken phrases', numeric: true, cell: (row) => count(row.broken_phrases) },
    { label: 'Broken, held-out', numeric: true, cell: (row) => count(row.broken_phrases_held_out) },
  ];
}

/** Per level, the measured token reduction and how many fact questions a reader can still answer. */
export function LevelQualityPanel() {
  const query = useOptimizationQuality();
  return (
    <QueryPanel
      title="Measured savings and fidelity"
      query={query}
      fallback="Failed to load optimization quality"
    >
      {(quality) => <LevelFigures quality={quality} />}
    </QueryPanel>
  );
}

/** What a broken phrase is and what it was counted on; nothing when the file predates it. */
function readabilityNote(run: NonNullable<OptimizationQuality['eval']>): string {
  if (run.readability_prompts === null) return '';
  const heldOut = run.readability_held_out_prompts;
  return `Broken phrases: a dropped preposition, pronoun or auxiliary ("who returning"), or a label or answer options left without their text, over ${run.readability_prompts} prompts${heldOut === null ? '' : ` and a held-out set of ${heldOut} the engine was not tuned on`}.`;
}

function LevelFigures({ quality }: { quality: OptimizationQuality }) {
  const run = quality.eval;
  if (!run) return <NotMeasured command={COMMAND} />;
  return (
    <Stack gap="sm" data-testid="optimization-quality">
      <Text size="sm">
        Share of all prompt tokens saved over {run.corpus_prompts} corpus prompts, and the share of{' '}
        {run.questions} fact questions (who, what, how much, when) on {run.question_prompts} prompts
        whose answers are still in the compressed text. Facts kept: numbers, URLs, code, quotes and
        names. Tasks kept: instructions whose object (what is asked) is still there. Saved,
        held-out: the same share on prompts the engine was not tuned on. {readabilityNote(run)}
      </Text>
      <DataTable
        label="Measured savings and fidelity per level"
        rows={run.levels}
        columns={columns(quality.account_level)}
        rowKey={(row) => row.level}
        minWidth={860}
        verticalSpacing="xs"
        rowTestId="level-quality-row"
      />
      <EvalRunNote run={run} command={COMMAND} />
    </Stack>
  );
}
