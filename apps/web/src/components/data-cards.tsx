import { Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DataColumn, DataTableProps } from './data-table.tsx';
import { rowClickHandler } from './row-click.ts';

type Placed<Row> = Record<'title' | 'badge' | 'field' | 'action', DataColumn<Row>[]>;

function place<Row>(columns: readonly DataColumn<Row>[]): Placed<Row> {
  const placed: Placed<Row> = { title: [], badge: [], field: [], action: [] };
  for (const column of columns) placed[column.card ?? 'field'].push(column);
  return placed;
}

/** The phone form of a DataTable: one card per row, every value labelled, actions at the foot. */
export function DataCards<Row>({
  label,
  rows,
  columns,
  rowKey,
  rowTestId,
  expansion,
  onRowClick,
}: DataTableProps<Row>) {
  const { title, badge, field, action } = place(columns);
  return (
    <Stack gap="sm" role="list" aria-label={label}>
      {rows.map((row) => (
        <Paper
          key={rowKey(row)}
          withBorder
          radius="md"
          p="sm"
          role="listitem"
          data-testid={rowTestId}
          onClick={rowClickHandler(onRowClick && (() => onRowClick(row)))}
          style={onRowClick ? { cursor: 'pointer' } : undefined}
        >
          <Stack gap="xs">
            {title.length + badge.length > 0 ? (
              <Group gap="xs" justify="space-between" align="flex-start">
                <Box miw={0} style={{ overflowWrap: 'anywhere' }}>
                  {title.map((column) => (
                    <Box key={column.label} data-label={column.label} fw={600}>
                      {column.cell(row)}
                    </Box>
                  ))}
                </Box>
                <Group gap={4}>
                  {badge.map((column) => (
                    <Box key={column.label} data-label={column.label}>
                      {column.cell(row)}
                    </Box>
                  ))}
                </Group>
              </Group>
            ) : null}
            {field.length > 0 ? (
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                {field.map((column) => (
                  <Box
                    key={column.label}
                    data-label={column.label}
                    miw={0}
                    style={{
                      overflowWrap: 'anywhere',
                      gridColumn: column.wide ? '1 / -1' : undefined,
                    }}
                  >
                    <Text size="xs" c="dimmed">
                      {column.label}
                    </Text>
                    <Box fz="sm">{column.cell(row)}</Box>
                  </Box>
                ))}
              </SimpleGrid>
            ) : null}
            {expansion?.(row) ?? null}
            {action.length > 0 ? (
              <Group gap="xs" justify="flex-end">
                {action.map((column) => (
                  <Box key={column.label} data-label={column.label}>
                    {column.cell(row)}
                  </Box>
                ))}
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
