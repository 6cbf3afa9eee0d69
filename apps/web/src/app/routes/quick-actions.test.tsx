// The dashboard's next-of-kin shortcut promises what /nok does: a private list, nothing sent,
// no inheritance of access.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NOK_PAGE_INTRO, NOK_SHORT_DESCRIPTION } from '@/features/nok/lib/copy';
import { QuickActions } from './quick-actions';

describe('QuickActions', () => {
  it('describes next of kin as the list /nok keeps, without promising inheritance', () => {
    render(
      <MemoryRouter>
        <QuickActions />
      </MemoryRouter>,
    );
    const nok = screen.getByRole('link', { name: /Next of kin/ });
    expect(nok).toHaveAttribute('href', '/nok');
    expect(nok).toHaveTextContent(NOK_SHORT_DESCRIPTION);
    expect(nok.textContent).not.toMatch(/inherit/i);
    expect(NOK_PAGE_INTRO).toMatch(/we do not contact them/);
  });
});
