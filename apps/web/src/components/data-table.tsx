import { Table, type TableTdProps, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataCards } from './data-cards.tsx';
import { rowClickHandler } from './row-click.ts';
import { usePhoneLayout } from './use-phone-layout.ts';

export interface DataColumn<Row> {
  /** Header text, and the label of the value on a phone card. */
  label: string;
  /** Only screen readers hear the header: icon buttons, badges, links. */
  hideLabel?: boolean;
  cell: (row: Row) => ReactNode;
  /**
   * Its place on a phone card: the heading, a badge beside it, a labelled line (the default), or
   * the row of buttons and links at the bottom, so no action is ever out of reach.
   */
  card?: 'title' | 'badge' | 'field' | 'action';
  /** On a phone card the value takes the whole width (long values: a key, a prompt). */
  wide?: boolean;
  /** Numbers line up on the right in the table. */
  numeric?: boolean;
  td?: TableTdProps;
}

/** Every cell, and every value on a phone card, carries `data-label` naming its column. */
export interface DataTableProps<Row> {
  /** Accessible name of the table (or of the list of cards on a phone). */
  label: string;
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Below this width the table scrolls inside its box (a tablet beside the sidebar). */
  minWidth: number;
  rowTestId?: string;
  /** Shown under a row when it is opened, across the whole width. */
  expansion?: (row: Row) => ReactNode;
  /** A click anywhere on the row that is not on one of its links or buttons. */
  onRowClick?: (row: Row) => void;
  verticalSpacing?: 'xs' | 'sm' | number;
}

/**
 * Every data table of the app: a table on wider screens, a card per row on a phone, where a table
 * would hide its right-hand columns (and their actions) off-screen.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const phone = usePhoneLayout();
  if (phone) return <DataCards {...props} />;
  const { label, rows, columns, rowKey, minWidth, rowTestId, expansion, onRowClick } = props;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={props.verticalSpacing ?? 'sm'} highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} ta={column.numeric ? 'right' : undefined}>
                {column.hideLabel ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const opened = expansion?.(row);
            return (
              <RowWithExpansion
                key={rowKey(row)}
                testId={rowTestId}
                onClick={onRowClick && (() => onRowClick(row))}
                cells={columns.map((column) => (
                  <Table.Td
                    key={column.label}
                    data-label={column.label}
                    ta={column.numeric ? 'right' : undefined}
                    {...column.td}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
                expansion={opened ? <Table.Td colSpan={columns.length}>{opened}</Table.Td> : null}
              />
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowWithExpansion({
  testId,
  onClick,
  cells,
  expansion,
}: {
  testId: string | undefined;
  onClick: (() => void) | undefined;
  cells: ReactNode;
  expansion: ReactNode;
}) {
  return (
    <>
      <Table.Tr
        data-testid={testId}
        onClick={rowClickHandler(onClick)}
        style={onClick ? { cursor: 'pointer' } : undefined}
      >
        {cells}
      </Table.Tr>
      {expansion ? <Table.Tr>{expansion}</Table.Tr> : null}
    </>
  );
}
