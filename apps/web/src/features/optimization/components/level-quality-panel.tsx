import { Badge, Group, Stack, Text } from '@mantine/core';
import type {
  IndependentLevelQuality,
  LevelQuality,
  OptimizationQuality,
} from '@tokenwise/contracts';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { EvalRunNote, NotMeasured } from '../../../components/eval-run-note.tsx';
import { QueryPanel } from '../../../components/query-panel.tsx';
import { formatPercent } from '../../../lib/format.ts';
import { useOptimizationQuality } from '../api/get-optimization-quality.ts';
import { historyCells, historyNote } from '../history-figures.ts';
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

/** A half's saved share, red outside the level's band; "not measured" when the file predates it. */
function savedCell(row: LevelQuality, half: IndependentLevelQuality | null) {
  if (!half) return 'not measured';
  return (
    <Text size="sm" c={inBand(half.reduction, row) ? undefined : 'red'} span>
      {share(half.reduction)}
    </Text>
  );
}

const INDEPENDENT_COLUMNS: DataColumn<LevelQuality>[] = [
  { label: 'Level', card: 'title', cell: (row) => titleOf(row.level) },
  {
    label: 'Saved, part tuned on',
    numeric: true,
    cell: (row) => savedCell(row, row.independent_tune),
  },
  {
    label: 'Saved, frozen part',
    numeric: true,
    cell: (row) => savedCell(row, row.independent_held_out),
  },
  {
    label: 'Answers kept, tuned on',
    numeric: true,
    cell: (row) => measuredShare(row.independent_tune?.answers_kept ?? null),
  },
  {
    label: 'Answers kept, frozen',
    numeric: true,
    cell: (row) => measuredShare(row.independent_held_out?.answers_kept ?? null),
  },
  {
    label: 'Broken, frozen',
    numeric: true,
    cell: (row) => count(row.independent_held_out?.broken_phrases ?? null),
  },
];

/** Reported beside the band, never against it: the conversations are a tuning set (decision 157). */
const HISTORY_COLUMNS: DataColumn<LevelQuality>[] = [
  { label: 'Level', card: 'title', cell: (row) => titleOf(row.level) },
  { label: 'Saved, history', numeric: true, cell: (row) => historyCells(row.history).saved },
  {
    label: 'Answers kept, history',
    numeric: true,
    cell: (row) => historyCells(row.history).answersKept,
  },
];

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

/** One row per level: the panel's tables differ only in their columns. */
function LevelTable(props: {
  label: string;
  levels: LevelQuality[];
  columns: DataColumn<LevelQuality>[];
  minWidth: number;
  testId: string;
}) {
  return (
    <DataTable
      label={props.label}
      rows={props.levels}
      columns={props.columns}
      rowKey={(row) => row.level}
      minWidth={props.minWidth}
      verticalSpacing="xs"
      rowTestId={props.testId}
    />
  );
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
      <LevelTable
        label="Measured savings and fidelity per level"
        levels={run.levels}
        columns={columns(quality.account_level)}
        minWidth={860}
        testId="level-quality-row"
      />
      {run.independent_tune_prompts !== null || run.independent_held_out_prompts !== null ? (
        <>
          <Text size="sm">
            Independent set: {run.independent_tune_prompts ?? 0} +{' '}
            {run.independent_held_out_prompts ?? 0} prompts written by two authors who never saw the
            engine, split in a part it was tuned on and a frozen part it never was. Answers kept
            does not require an answer's articles and politeness words.
          </Text>
          <LevelTable
            label="Savings and answers kept on the independent set"
            levels={run.levels}
            columns={INDEPENDENT_COLUMNS}
            minWidth={720}
            testId="independent-quality-row"
          />
        </>
      ) : null}
      <Text size="sm">{historyNote(run.history_prompts)}</Text>
      <LevelTable
        label="Savings and answers kept on multi-turn history"
        levels={run.levels}
        columns={HISTORY_COLUMNS}
        minWidth={480}
        testId="history-quality-row"
      />
      <EvalRunNote run={run} command={COMMAND} />
    </Stack>
  );
}
