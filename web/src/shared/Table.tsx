import type { Key, ReactNode } from 'react';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
}

export interface TableProps<T> {
  caption: ReactNode;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  /** Shown instead of an empty body. */
  empty?: ReactNode;
  /** Hide the caption visually (it still names the table). */
  hideCaption?: boolean;
  /** `table-compact`: tighter cells and buttons, for a table of many columns that must fit the page. */
  className?: string;
}

/** A data table with a caption and column headers; scrolls sideways on narrow screens instead of overflowing. */
export function Table<T>({ caption, columns, rows, rowKey, empty = 'Nothing to show yet.', hideCaption = false, className }: TableProps<T>) {
  return (
    <div className="table-wrap">
      <table className={className ? `table ${className}` : 'table'}>
        <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c, i) => (
                  <td key={i} className={c.numeric ? 'num' : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
