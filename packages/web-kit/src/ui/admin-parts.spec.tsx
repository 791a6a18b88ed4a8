/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Badge } from './containers';
import { SearchInput } from './form';
import { Table } from './table';
import { Tabs } from './tabs';

/** The parts the admin dashboard draws without antd: the same roles, names and states antd's gave. */

afterEach(cleanup);

describe('Badge', () => {
  it('shows the count, named by what it counts', () => {
    render(<Badge count={3} label="3 pending" />);
    const badge = screen.getByLabelText('3 pending');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('role')).toBe('img');
    expect(badge.className).toBe('ui-badge');
  });

  it('shows nothing at zero, as antd does', () => {
    const { container } = render(<Badge count={0} label="0 pending" />);
    expect(container.innerHTML).toBe('');
  });
});

describe('Table', () => {
  const rows = [
    { id: 1, subject: 'UCAT', hours: 5 },
    { id: 2, subject: 'Interviews', hours: 10 },
  ];

  it('is a semantic table: column headers, one row per item, cells from render', () => {
    render(
      <Table
        label="Packages"
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          { key: 'subject', title: 'Subject', render: (row) => row.subject },
          { key: 'hours', title: 'Hours', render: (row) => `${row.hours} h` },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Packages' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Subject', 'Hours']);
    const [, ...bodyRows] = within(table).getAllByRole('row');
    expect(
      bodyRows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['UCAT', '5 h'],
      ['Interviews', '10 h'],
    ]);
    // The wrapper scrolls sideways when the columns do not fit.
    expect(table.parentElement?.className).toBe('ui-table');
  });
});

describe('SearchInput', () => {
  it('searches with the typed text from the button and from Enter', () => {
    const onSearch = jest.fn();
    render(<SearchInput aria-label="Search students" onSearch={onSearch} />);
    const field = screen.getByRole('searchbox', { name: 'Search students' });
    fireEvent.change(field, { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith('ada');
    fireEvent.change(field, { target: { value: 'grace' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSearch).toHaveBeenLastCalledWith('grace');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});

describe('Tabs with lazy panels and count badges', () => {
  it('mounts a panel only when its tab is first opened, and a badge names its tab', () => {
    const mounted = jest.fn<(name: string) => void>();
    function Panel({ name }: { name: string }) {
      useEffect(() => mounted(name), [name]);
      return <p>{name}</p>;
    }
    render(
      <Tabs
        items={[
          { key: 'students', label: 'Students', children: <Panel name="students" /> },
          {
            key: 'testimonials',
            label: (
              <>
                Testimonials <Badge count={1} label="1 pending" />
              </>
            ),
            children: <Panel name="testimonials" />,
          },
        ]}
      />,
    );
    expect(mounted.mock.calls).toEqual([['students']]);
    const tab = screen.getByRole('tab', { name: /^Testimonials/ });
    expect(within(tab).getByLabelText('1 pending')).toBeTruthy();
    fireEvent.click(tab);
    expect(mounted.mock.calls).toEqual([['students'], ['testimonials']]);
    expect(screen.getByRole('tabpanel').textContent).toBe('testimonials');
  });
});
