import { Code, Stack, Switch, Text } from '@mantine/core';
import type { Detector, DetectorField, FullPiiConfig } from '../pii-detectors.ts';

interface DetectorSwitchesProps {
  title: string;
  detectors: readonly Detector[];
  config: FullPiiConfig;
  disabled: boolean;
  onChange: (field: DetectorField, on: boolean) => void;
}

/** A titled group of per-entity switches, each naming the placeholder it writes. */
export function DetectorSwitches({
  title,
  detectors,
  config,
  disabled,
  onChange,
}: DetectorSwitchesProps) {
  return (
    <Stack gap="xs" role="group" aria-label={title}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {detectors.map((detector) => (
        <Switch
          key={detector.field}
          label={detector.label}
          description={
            <>
              Replaced with <Code>{detector.example}</Code>
            </>
          }
          checked={config[detector.field]}
          disabled={disabled}
          onChange={(e) => onChange(detector.field, e.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}
