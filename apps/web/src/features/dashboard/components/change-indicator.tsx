import { Text } from '@mantine/core';
import { describeChange } from '../stat-change.ts';

const TONE_COLORS = { good: 'teal', bad: 'red', neutral: 'dimmed' } as const;

/** "+12.3% vs previous period", coloured by whether the move is an improvement. */
export function ChangeIndicator({
  change,
  lowerIsBetter = false,
}: {
  change: number | null | undefined;
  lowerIsBetter?: boolean;
}) {
  const { text, tone } = describeChange(change ?? null, lowerIsBetter);
  return (
    <Text size="xs" c={TONE_COLORS[tone]} fw={text ? 600 : 400}>
      {text ? `${text} vs previous period` : 'No previous period to compare'}
    </Text>
  );
}
