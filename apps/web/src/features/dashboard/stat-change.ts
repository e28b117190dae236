const ONE_DECIMAL = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export type ChangeTone = 'good' | 'bad' | 'neutral';

export interface ChangeLabel {
  /** "+12.3%", "-4.0%", "0.0%"; null when there is nothing to compare with. */
  text: string | null;
  tone: ChangeTone;
}

/**
 * How a stat card shows its change against the previous period: sign and one decimal. For most
 * figures going up is good; for latency (`lowerIsBetter`) going down is.
 */
export function describeChange(change: number | null, lowerIsBetter = false): ChangeLabel {
  if (change === null || !Number.isFinite(change)) return { text: null, tone: 'neutral' };
  const rounded = Number(change.toFixed(1));
  // "-0.0%" reads as a loss that is not there, so anything that rounds to zero is plain "0.0%".
  if (rounded === 0) return { text: '0.0%', tone: 'neutral' };
  // Separators as on every other figure: a jump from 1 request to 1,235 reads "+123,400.0%".
  const text = `${rounded > 0 ? '+' : ''}${ONE_DECIMAL.format(rounded)}%`;
  const improved = lowerIsBetter ? rounded < 0 : rounded > 0;
  return { text, tone: improved ? 'good' : 'bad' };
}
