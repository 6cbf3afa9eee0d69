// The GS1 prefix form says what is wrong before anything is sent (as the database would refuse it),
// sends the digits the database keeps, and the list shows each declaration's state (decision 0140).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Gs1Prefix } from '../api/gs1-prefixes';
import { storedPrefix } from '../lib/gs1-prefix';
import { Gs1PrefixesCard } from './gs1-prefixes-card';

const declared = (fields: Partial<Gs1Prefix>): Gs1Prefix => ({
  id: fields.prefix ?? 'p',
  prefix: '9506000',
  kind: 'company_prefix',
  reference: 'GS1 UK 1234',
  status: 'pending',
  decided_at: null,
  evidence: null,
  created_at: '2026-11-27T10:00:00Z',
  ...fields,
});

describe('Gs1PrefixesCard', () => {
  it('refuses wrong lengths and prefixes GS1 licenses to nobody', async () => {
    const onDeclare = vi.fn(async () => {});
    render(<Gs1PrefixesCard prefixes={[]} onDeclare={onDeclare} onWithdraw={vi.fn()} />);
    const send = () => userEvent.click(screen.getByRole('button', { name: 'Declare for verification' }));
    const value = () => screen.getByLabelText(/Company prefix|GTIN/);
    await send();
    expect(await screen.findByText('A GS1 company prefix has 4 to 12 digits')).toBeInTheDocument();
    expect(screen.getByText(/Say where an administrator can check it/)).toBeInTheDocument();
    await userEvent.type(value(), '2001234');
    await send();
    expect(await screen.findByText(/GS1 keeps numbers starting with 02, 04, 05, 2/)).toBeInTheDocument();
    expect(onDeclare).not.toHaveBeenCalled();
  });

  it('declares one GTIN once its check digit is right, as the 12 digits the database keeps', async () => {
    const onDeclare = vi.fn(async () => {});
    render(<Gs1PrefixesCard prefixes={[]} onDeclare={onDeclare} onWithdraw={vi.fn()} />);
    const send = () => userEvent.click(screen.getByRole('button', { name: 'Declare for verification' }));
    const value = () => screen.getByLabelText(/Company prefix|GTIN/);
    await userEvent.selectOptions(screen.getByLabelText('What GS1 licensed to you'), 'single_gtin');
    await userEvent.type(value(), '9506000134353');
    await send();
    expect(
      await screen.findByText('This GTIN’s check digit is wrong: check the number on the barcode'),
    ).toBeInTheDocument();
    await userEvent.clear(value());
    await userEvent.type(value(), '9506000134352');
    await userEvent.type(screen.getByLabelText(/Where an administrator can check it/), 'GS1 UK 12');
    await send();
    expect(onDeclare).toHaveBeenCalledWith({
      kind: 'single_gtin',
      value: '9506000134352',
      reference: 'GS1 UK 12',
    });
    expect(storedPrefix('single_gtin', '9506000134352')).toBe('950600013435');
    expect(storedPrefix('single_gtin', '96385074')).toBe('000009638507');
  });

  it('shows each declaration’s state, the reason of a refusal, and asks before withdrawing a verified one', async () => {
    const onWithdraw = vi.fn(async () => {});
    render(
      <Gs1PrefixesCard
        prefixes={[
          declared({ prefix: '9506000', status: 'verified', decided_at: '2026-11-27T12:00:00Z', evidence: 'GEPIR' }),
          declared({ prefix: '9507000' }),
          declared({ prefix: '9508000', status: 'rejected', evidence: 'Licence lapsed' }),
        ]}
        onDeclare={vi.fn()}
        onWithdraw={onWithdraw}
      />,
    );
    const [verified, waiting, refused] = screen.getAllByTestId('gs1-prefix');
    expect(verified).toHaveTextContent(/Verified on/);
    expect(waiting).toHaveTextContent('Waiting for verification');
    expect(refused).toHaveTextContent('Refused');
    expect(refused).toHaveTextContent('Reason: Licence lapsed');
    await userEvent.click(within(verified!).getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Your products under this prefix stop showing as genuine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(onWithdraw).toHaveBeenCalledWith(expect.objectContaining({ prefix: '9506000' }));
  });
});
