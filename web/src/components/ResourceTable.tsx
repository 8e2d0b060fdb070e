import type { ReactNode } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Paged } from './Paged';
import { ScrollTable } from './ScrollTable';
import { QueryState } from './States';

/** One column of a table: its header, and what a row shows in it. */
interface Column<T> {
  header: string;
  align?: 'right';
  cell(row: T): ReactNode;
  /** A tooltip on the cell (e.g. the full id behind a short label). */
  title?(row: T): string | undefined;
}

interface TableProps<T> {
  /** What the table holds: the name of its scrolling area. */
  label: string;
  minWidth: number;
  rowKey(row: T): string;
  columns: Column<T>[];
  /** A last column of buttons for the row (each named for its row); its header is named for screen readers only. */
  actions?: (row: T) => ReactNode;
  highlightOnHover?: boolean;
}

/** A striped table of rows, scrolling sideways on a narrow screen (ScrollTable), with one header cell per column. */
export function ResourceTable<T>({ label, minWidth, rows, rowKey, columns: shown, actions, highlightOnHover }: TableProps<T> & { rows: readonly T[] }) {
  const columns: (Column<T> & { hiddenHeader?: boolean })[] = actions ? [...shown, { header: 'Actions', hiddenHeader: true, cell: actions }] : shown;
  return (
    <ScrollTable minWidth={minWidth} label={label}>
      <Table striped highlightOnHover={highlightOnHover}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} ta={column.align}>
                {column.hiddenHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.header} ta={column.align} title={column.title?.(row)}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** A page of a list as the API answers it (skip/limit, with the total). */
export interface PageOf<T> {
  items: T[];
  total: number;
}

/** Whatever usePagedQuery returns: the query of the current page, and the page. */
export interface PagedList<D> {
  query: UseQueryResult<D>;
  page: number;
  pageSize: number;
  setPage(page: number): void;
}

/**
 * A paginated list: its loading, error and empty states (QueryState), the table of the current page, and the
 * pagination bar. `list` comes from usePagedQuery; `above` renders between the states and the table.
 */
export function PagedTable<D extends PageOf<unknown>>({
  list,
  what,
  empty,
  above,
  ...table
}: {
  list: PagedList<D>;
  what: string;
  empty: ReactNode;
  above?: (data: D) => ReactNode;
} & TableProps<D['items'][number]>) {
  return (
    <QueryState query={list.query} what={what} empty={empty}>
      {(data) => (
        <>
          {above?.(data)}
          <ResourceTable {...table} rows={data.items} />
          <Paged total={data.total} page={list.page} pageSize={list.pageSize} onPage={list.setPage} />
        </>
      )}
    </QueryState>
  );
}
