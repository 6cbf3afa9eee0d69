import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordList } from './record-list';

describe('RecordList', () => {
  it('says the empty note, and no list, when there is no item', () => {
    render(
      <RecordList items={[]} label="Audit log" empty="No admin actions yet.">
        {(n: number) => <li key={n}>{n}</li>}
      </RecordList>,
    );
    expect(screen.getByText('No admin actions yet.')).toHaveClass('text-sm', 'text-slate-600');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists each item as the caller renders it, in a named list', () => {
    render(
      <RecordList items={[1, 2]} label="Audit log" empty="No admin actions yet." className="text-sm">
        {(n) => <li key={n}>row {n}</li>}
      </RecordList>,
    );
    const list = screen.getByRole('list', { name: 'Audit log' });
    expect(list.className).toBe('divide-y divide-slate-100 text-sm');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['row 1', 'row 2']);
  });
});
