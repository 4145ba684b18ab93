import type { Key, ReactNode } from 'react';
import { ActionsHeader } from './ActionsHeader';

/** A column of a list: its header, what a row shows in it, and the class of its cells. */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * A list of things as a table (tokens, printers, print jobs): a header per column, a row per thing, and a last
 * column of the row's buttons, named for screen readers (`ActionsHeader`). The empty, loading and error states are
 * the query's (`QueryState`, around it).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowLabel,
  actions,
  actionsClass,
}: {
  label?: string | undefined;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** A row's own name, where a test or a screen reader finds a row by it. */
  rowLabel?: (row: T) => string;
  actions?: (row: T) => ReactNode;
  actionsClass?: string;
}) {
  return (
    <table aria-label={label}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i}>{c.header}</th>
          ))}
          {actions && <ActionsHeader />}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)} aria-label={rowLabel?.(r)}>
            {columns.map((c, i) => (
              <td key={i} className={c.className}>
                {c.cell(r)}
              </td>
            ))}
            {actions && <td className={actionsClass}>{actions(r)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
