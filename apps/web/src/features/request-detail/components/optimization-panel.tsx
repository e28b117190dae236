import { Badge, Group, Stack, Text } from '@mantine/core';
import type { RequestDetail } from '@tokenwise/contracts';
import type { ReactNode } from 'react';
import { Panel } from '../../../components/panel.tsx';
import { difficultyText, stageDetails } from '../stage-details.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={160} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={600} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** How the gateway treated the request: optimization level, difficulty and model routing. */
export function OptimizationPanel({ request }: { request: RequestDetail }) {
  const extra = stageDetails(request.details);
  return (
    <Panel title={'Optimization & Routing'}>
      <Stack gap={6}>
        <Row label="Optimization level">{request.optimization_level ?? 'N/A'}</Row>
        <Row label="Difficulty">{difficultyText(request)}</Row>
        <Row label="Routing">
          {request.was_routed ? (
            <Group gap="xs">
              <Badge color="violet" variant="light">
                Routed
              </Badge>
              <span>
                {request.requested_model ?? 'unknown'} → {request.routed_model ?? request.model}
              </span>
            </Group>
          ) : (
            'No routing applied'
          )}
        </Row>
        {extra.map((line) => (
          <Row key={line.label} label={line.label}>
            {line.value}
          </Row>
        ))}
      </Stack>
    </Panel>
  );
}
