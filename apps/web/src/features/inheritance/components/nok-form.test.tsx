import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NokForm } from './nok-form';

describe('NokForm', () => {
  it('requires a name, a relationship and a way to reach the person', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<NokForm submitLabel="Add" onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Relationship is required')).toBeInTheDocument();
    expect(screen.getByText('Give an e-mail address or a phone number')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('validates e-mail and phone formats', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<NokForm submitLabel="Add" onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/Full name/), 'Carol Example');
    await userEvent.selectOptions(screen.getByLabelText(/Relationship/), 'Sibling');
    await userEvent.type(screen.getByLabelText('Email'), 'carol@');
    await userEvent.type(screen.getByLabelText('Phone'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText(/Enter a phone number with 6 to 20 digits/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits trimmed values with empty fields as null', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<NokForm submitLabel="Add" onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/Full name/), '  Carol Example ');
    await userEvent.selectOptions(screen.getByLabelText(/Relationship/), 'Sibling');
    await userEvent.type(screen.getByLabelText('Phone'), '+351 912 345 678');
    await userEvent.click(screen.getByLabelText(/Primary contact/));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        full_name: 'Carol Example',
        relationship: 'Sibling',
        email: null,
        phone: '+351 912 345 678',
        notes: null,
        is_primary: true,
        access_level: 'view',
        message: null,
        receives_kinds: [],
        receives_assets: [],
      }),
    );
  });

  it('submits what the person receives, the access level and the message', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<NokForm submitLabel="Add" onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/Full name/), 'Dan');
    await userEvent.selectOptions(screen.getByLabelText(/Relationship/), 'Child');
    await userEvent.type(screen.getByLabelText('Email'), 'dan@example.test');
    await userEvent.click(screen.getByLabelText('Will and legacy'));
    await userEvent.click(screen.getByLabelText('Digital assets'));
    await userEvent.selectOptions(screen.getByLabelText(/Access level/), 'inherit');
    await userEvent.type(screen.getByLabelText(/Personal message/), ' Look after the watch ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          access_level: 'inherit',
          message: 'Look after the watch',
          receives_kinds: ['legacy', 'digital'],
        }),
      ),
    );
  });

  it('lets the owner choose single assets besides whole kinds', async () => {
    const onSubmit = vi.fn(async () => {});
    const assets = [
      { id: 'a1', title: 'Pocket watch', kind: 'general' as const },
      { id: 'a2', title: 'Family bible', kind: 'legacy' as const },
    ];
    render(<NokForm submitLabel="Add" assets={assets} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/Full name/), 'Dan');
    await userEvent.selectOptions(screen.getByLabelText(/Relationship/), 'Child');
    await userEvent.type(screen.getByLabelText('Email'), 'dan@example.test');
    const single = screen.getByRole('group', { name: 'Single assets' });
    expect(single).toHaveTextContent('None chosen.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pocket watch', description: '(General items)' }));
    expect(single).toHaveTextContent('1 chosen.');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ receives_kinds: [], receives_assets: ['a1'] })),
    );
  });

  it('keeps chosen assets while a filter hides them, and drops those the owner no longer has', async () => {
    const onSubmit = vi.fn(async () => {});
    const assets = Array.from({ length: 12 }, (_, i) => ({
      id: `a${i}`,
      title: i === 3 ? 'Grandfather clock' : `Item ${i}`,
      kind: 'general' as const,
    }));
    render(
      <NokForm
        submitLabel="Save changes"
        assets={assets}
        initial={{
          full_name: 'Dan',
          relationship: 'Child',
          email: 'dan@example.test',
          receives_kinds: [],
          // a5 is chosen; 'gone' was deleted or given away since.
          receives_assets: ['a5', 'gone'],
        }}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find an asset' }), 'clock');
    expect(within(screen.getByRole('group', { name: 'Single assets' })).getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Grandfather clock' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ receives_assets: ['a5', 'a3'] })),
    );
  });

  it('keeps a custom relationship when editing', () => {
    render(
      <NokForm
        submitLabel="Save changes"
        initial={{
          full_name: 'Dan',
          relationship: 'Godfather',
          email: 'dan@example.test',
          phone: null,
          notes: null,
          is_primary: false,
        }}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByLabelText(/Relationship/)).toHaveValue('Godfather');
  });
});
