import { SegmentedControl } from '@mantine/core';

interface PeriodSelectorProps<T extends string> {
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}

/** The period switch of the analytics screens: "24h", "7d", … and "All" for the whole history. */
export function PeriodSelector<T extends string>({
  value,
  options,
  onChange,
}: PeriodSelectorProps<T>) {
  return (
    <SegmentedControl
      aria-label="Period"
      value={value}
      onChange={(next) => onChange(next as T)}
      data={options.map((option) => ({ value: option, label: option === 'all' ? 'All' : option }))}
    />
  );
}
