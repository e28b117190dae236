import { Code, Text } from '@mantine/core';
import type { EvalRun } from '@tokenwise/contracts';
import { formatDate } from '../lib/format.ts';

/** Where a measured figure comes from: the eval command, its result file, the run's date. */
export function EvalRunNote({ run, command }: { run: EvalRun; command: string }) {
  return (
    <Text size="xs" c="dimmed" data-testid="eval-run">
      Measured {formatDate(run.measured_at)} by <Code>{command}</Code> ({run.source}
      {run.commit ? `, commit ${run.commit}` : ''}).
    </Text>
  );
}

/** What a quality panel says before its eval has been run on this deployment. */
export function NotMeasured({ command }: { command: string }) {
  return (
    <Text size="sm" c="dimmed" data-testid="not-measured">
      Not measured yet: run <Code>{command}</Code> and reload to see the figures.
    </Text>
  );
}
