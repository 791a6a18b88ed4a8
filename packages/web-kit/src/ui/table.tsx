import type { Key, ReactNode } from 'react';
import { cx } from './class-names';

export interface TableColumn<Row> {
  key: string;
  title: ReactNode;
  render: (row: Row) => ReactNode;
}

interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Names the table for screen readers (antd's tables have no caption either). */
  label?: string;
  className?: string;
}

/**
 * antd's small Table without pagination, sorting or selection: a semantic table in a wrapper that
 * scrolls sideways when the columns do not fit (antd's `scroll={{ x: true }}`).
 */
export function Table<Row>({ columns, rows, rowKey, label, className }: TableProps<Row>) {
  return (
    <div className={cx('ui-table', className)}>
      <table aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key}>{column.render(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
