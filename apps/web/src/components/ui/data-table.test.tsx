import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

describe('DataTable', () => {
  it('names the table, heads its columns (a hidden one for screen readers only) and holds the rows', () => {
    render(
      <DataTable
        caption="Units"
        busy
        columns={[
          { label: 'Serial', className: 'pr-3' },
          { label: 'Select', hidden: true },
        ]}
        foot={
          <tfoot>
            <tr>
              <td>Total</td>
            </tr>
          </tfoot>
        }
        after={<p>No more units.</p>}
      >
        <tr>
          <td>SN-1</td>
          <td>x</td>
        </tr>
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Units' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Serial', 'Select']);
    expect(headers[0]).toHaveClass('pr-3');
    expect(within(headers[1]!).getByText('Select')).toHaveClass('sr-only');
    expect(within(table).getByRole('cell', { name: 'SN-1' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Total' })).toBeInTheDocument();
    expect(table.parentElement).toHaveAttribute('aria-busy', 'true');
    expect(table.parentElement).toHaveClass('relative', 'overflow-x-auto');
    expect(screen.getByText('No more units.').parentElement).toBe(table.parentElement);
  });

  it('lines an amount column’s heading up at the end, with the padding of the other headings', () => {
    render(
      <DataTable headCellClassName="py-2 pr-3" columns={['Level', { label: 'Earned', align: 'end' }]}>
        <tr>
          <td>1</td>
          <td>10</td>
        </tr>
      </DataTable>,
    );
    const [level, earned] = screen.getAllByRole('columnheader');
    expect(level!.className).toBe('py-2 pr-3');
    expect(earned!.className).toBe('py-2 pr-3 text-right');
  });
});
