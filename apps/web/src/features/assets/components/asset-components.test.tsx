// The asset form's rules, the payload it sends, the cost summary, the proof panel and the asset lists' grid.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kindOf, rejectReason } from '../lib/media-rules';
import { EMPTY_ASSET_FORM, toAssetPayload, validateAssetForm, type AssetFormValues } from '../lib/asset-form';
import { AssetGrid } from './asset-card';
import { AssetFields } from './asset-fields';
import { AssetListStates } from './asset-list-states';
import type { Quote } from '../api/types';
import { FilesButton } from './files-button';
import { CostSummary } from './cost-summary';
import { ProofPanel } from './proof-panel';

function Harness({ initial }: { initial?: Partial<AssetFormValues> }) {
  const [v, setV] = useState<AssetFormValues>({ ...EMPTY_ASSET_FORM, ...initial });
  return (
    <>
      <AssetFields values={v} errors={{}} onChange={(p) => setV((x) => ({ ...x, ...p }))} />
      <output data-testid="payload">{JSON.stringify(toAssetPayload(v))}</output>
    </>
  );
}

// The machine running the suite may be busy; user-event typing is slow, not wrong.
describe('asset form', { timeout: 20_000 }, () => {
  it('requires a title and checks amounts, currency, URLs and quantities', () => {
    expect(validateAssetForm(EMPTY_ASSET_FORM)).toMatchObject({ title: 'Title is required' });
    const errors = validateAssetForm({
      ...EMPTY_ASSET_FORM,
      title: 'Ring',
      estimated_value: '12,5',
      currency: 'POUNDS',
      asset_url: 'javascript:alert(1)',
      quantity: '-1',
    });
    expect(Object.keys(errors).sort()).toEqual(['asset_url', 'currency', 'estimated_value', 'quantity']);
    expect(validateAssetForm({ ...EMPTY_ASSET_FORM, title: 'Will', kind: 'legacy', privacy: 'public' })).toHaveProperty(
      'privacy',
    );
  });

  it('shows the fields of the chosen kind and sends only those', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ title: 'Bike', make: 'Trek', serial_number: 'SN1' }} />);
    expect(screen.getByRole('textbox', { name: 'Make' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Business inventory/ }));
    expect(screen.queryByRole('textbox', { name: 'Make' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'SKU' }));
    await user.paste('SKU-1');
    const payload = JSON.parse(screen.getByTestId('payload').textContent!);
    expect(payload).toMatchObject({ kind: 'business', sku: 'SKU-1', serial_number: 'SN1', make: null });
  });

  it('keeps will-and-legacy assets private and offers the heirs message', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ title: 'Letter', privacy: 'public' }} />);
    await user.click(screen.getByRole('radio', { name: /Will and legacy/ }));
    expect(screen.getByRole('radio', { name: /Public/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /message for your heirs/ })).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('payload').textContent!)).toMatchObject({ privacy: 'private' });
  });

  it('adds tags with Enter and offers value/location sharing only for public assets', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ title: 'Watch' }} />);
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'gold{Enter}vintage{Enter}');
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('goldvintage');
    expect(screen.queryByRole('checkbox', { name: /estimated value/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Public/ }));
    await user.click(screen.getByRole('checkbox', { name: /estimated value/ }));
    expect(JSON.parse(screen.getByTestId('payload').textContent!)).toMatchObject({
      tags: ['gold', 'vintage'],
      privacy: 'public',
      share_value: true,
      share_location: false,
    });
  });
});

describe('media rules', () => {
  it('accepts iPhone videos and HEIC photos, refuses other types and oversize files', () => {
    expect(kindOf({ type: 'video/quicktime', name: 'IMG_1.MOV' })).toBe('video');
    expect(kindOf({ type: '', name: 'IMG_2.HEIC' })).toBe('photo');
    expect(rejectReason({ type: 'application/zip', name: 'a.zip', size: 10 })).toMatch(/not accepted/);
    expect(rejectReason({ type: 'image/jpeg', name: 'big.jpg', size: 16 * 1024 * 1024 })).toMatch(/larger than 15 MB/);
    expect(rejectReason({ type: 'video/mp4', name: 'long.mp4', size: 1000 }, 121)).toMatch(/longer than 120 seconds/);
    expect(rejectReason({ type: 'application/pdf', name: 'receipt.pdf', size: 1000 })).toBeNull();
  });
});

describe('CostSummary', () => {
  it('lists each line and the total', () => {
    render(
      <CostSummary
        loading={false}
        quote={{
          total: 95,
          max_video_seconds: 120,
          lines: [
            { item: 'base', label: 'Registration', count: 1, amount: 10 },
            { item: 'photo', label: 'Photos', count: 2, amount: 38 },
            { item: 'video', label: 'Video', count: 1, amount: 60, seconds: 42.3 },
          ],
        }}
      />,
    );
    expect(screen.getByText('Photos × 2')).toBeInTheDocument();
    expect(screen.getByText(/Video \(43 s\)/)).toBeInTheDocument();
    expect(screen.getByTestId('tag-cost')).toHaveTextContent('95 TMT');
  });

  it('marks the last quote busy while the one for the files selected now is on its way', () => {
    const quote: Quote = {
      total: 10,
      max_video_seconds: 120,
      lines: [{ item: 'base', label: 'Registration', count: 1, amount: 10 }],
    };
    const { rerender } = render(<CostSummary loading={false} updating quote={quote} />);
    expect(screen.getByTestId('cost-summary')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('tag-cost')).toHaveTextContent('10 TMT');
    rerender(<CostSummary loading={false} quote={quote} />);
    expect(screen.getByTestId('cost-summary')).not.toHaveAttribute('aria-busy');
  });
});

describe('ProofPanel', () => {
  const proof = {
    seq: 7,
    event: 'stolen',
    record_hash: 'a'.repeat(64),
    prev_hash: 'b'.repeat(64),
    entry_hash: 'c'.repeat(64),
    created_at: '2026-11-22T02:00:00.000000Z',
    registered_seq: 3,
    entry_valid: true,
    record_matches: true,
    checkpoint: null,
  };
  it('says verified only when the entry recomputes and the record matches', () => {
    const { rerender } = render(<ProofPanel proof={proof} />);
    expect(screen.getByTestId('proof-integrity')).toHaveTextContent('Integrity verified');
    expect(screen.getByText('#7 (Reported stolen)')).toBeInTheDocument();
    rerender(<ProofPanel proof={{ ...proof, record_matches: false }} />);
    expect(screen.getByTestId('proof-integrity')).toHaveTextContent('the record differs from its ledger entry');
    rerender(<ProofPanel proof={{ ...proof, entry_valid: false }} />);
    expect(screen.getByTestId('proof-integrity')).toHaveTextContent('does not recompute');
  });
});

describe('the asset lists (My Assets, Public Assets)', () => {
  const photo = {
    id: 'm1',
    kind: 'photo' as const,
    mime_type: 'image/jpeg',
    size_bytes: 1,
    sha256: 'a',
    duration_seconds: null,
  };
  const asset = (n: number) => ({
    id: `a${n}`,
    title: `Asset ${n}`,
    description: n === 1 ? 'A description' : null,
    tags: n === 1 ? ['a', 'b', 'c', 'd'] : [],
    media: n === 3 ? [] : [{ ...photo, id: `m${n}` }],
  });
  it('links each card, loads the first cards at once and the first photo first', () => {
    const { container } = render(
      <MemoryRouter>
        <AssetGrid
          label="Assets"
          items={[asset(1), asset(2), asset(3)]}
          to={(a) => `/assets/${a.id}`}
          pictureUrl={(a) => (a.media[0] ? `https://files.test/${a.media[0].id}?token=t` : undefined)}
          eagerCards={1}
          firstPhotoFirst
          badges={(a) => <span>badge {a.id}</span>}
          facts={(a) => [a.id, null, false, 'fact']}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Assets' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('link', { name: /Asset 1/ })).toHaveAttribute('href', '/assets/a1');
    expect(screen.getByText('a, b, c +1 more')).toBeInTheDocument();
    expect(screen.getByText('a2 · fact')).toBeInTheDocument();
    expect(screen.getByText('badge a3')).toBeInTheDocument();
    // The first photo comes alone; the second card's box waits, empty, until it is in.
    const first = container.querySelectorAll('img');
    expect(first).toHaveLength(1);
    expect(first[0]).toHaveAttribute('loading', 'eager');
    expect(first[0]).toHaveAttribute('fetchpriority', 'high');
    act(() => {
      first[0]!.dispatchEvent(new Event('load'));
    });
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(2);
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(images[1]).not.toHaveAttribute('fetchpriority');
  });

  it('lets the other photos come if the first takes long, and at once without firstPhotoFirst', () => {
    vi.useFakeTimers();
    try {
      const grid = (firstPhotoFirst: boolean) => (
        <MemoryRouter>
          <AssetGrid
            label="Assets"
            items={[asset(1), asset(2)]}
            to={(a) => `/assets/${a.id}`}
            pictureUrl={(a) => `https://files.test/${a.media[0]!.id}?token=t`}
            eagerCards={2}
            firstPhotoFirst={firstPhotoFirst}
            badges={() => null}
            facts={() => []}
          />
        </MemoryRouter>
      );
      const { container } = render(grid(true));
      expect(container.querySelectorAll('img')).toHaveLength(1);
      act(() => vi.advanceTimersByTime(1500));
      expect(container.querySelectorAll('img')).toHaveLength(2);
      expect(render(grid(false)).container.querySelectorAll('img')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
  it('shows the spinner while loading, the failure with Try again, else the list', async () => {
    const retry = vi.fn();
    const { rerender } = render(
      <AssetListStates loading loadingLabel="Loading assets..." failure={null}>
        <p>the list</p>
      </AssetListStates>,
    );
    expect(screen.getByText('Loading assets...')).toBeInTheDocument();
    expect(screen.queryByText('the list')).not.toBeInTheDocument();
    rerender(
      <AssetListStates
        loading={false}
        loadingLabel="Loading assets..."
        failure={{ title: 'Your assets could not be loaded', error: new Error('boom'), retry }}
      >
        <p>the list</p>
      </AssetListStates>,
    );
    expect(screen.getByText('Your assets could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('the list')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
    rerender(
      <AssetListStates loading={false} loadingLabel="Loading assets..." failure={null}>
        <p>the list</p>
      </AssetListStates>,
    );
    expect(screen.getByText('the list')).toBeInTheDocument();
  });
});

describe('FilesButton', () => {
  it('hands over the picked files and empties the input, so the same file can be picked again', async () => {
    const onFiles = vi.fn();
    render(<FilesButton label="Choose files" inputLabel="Files to add" onFiles={onFiles} inputTestId="files" />);
    const input = screen.getByLabelText<HTMLInputElement>('Files to add');
    expect(input).toHaveAttribute('data-testid', 'files');
    expect(input).toHaveAttribute('multiple');
    const file = new File(['x'], 'receipt.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, file);
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(input.value).toBe('');
    await userEvent.upload(input, file);
    expect(onFiles).toHaveBeenCalledTimes(2);
  });
});

describe('where the asset is kept', { timeout: 20_000 }, () => {
  type Success = (p: { coords: { latitude: number; longitude: number; accuracy: number } }) => void;
  type Failure = (e: { code: number }) => void;
  let calls: { ok: Success; fail: Failure }[] = [];
  const original = Object.getOwnPropertyDescriptor(navigator, 'geolocation');
  beforeEach(() => {
    calls = [];
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (ok: Success, fail: Failure) => calls.push({ ok, fail }) },
    });
  });
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'geolocation', original);
    else delete (navigator as { geolocation?: unknown }).geolocation;
  });

  it('asks the browser for the position only when the button is pressed, then sends it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ title: 'Bike' }} />);
    expect(calls).toHaveLength(0);
    expect(JSON.parse(screen.getByTestId('payload').textContent!)).toMatchObject({
      location_latitude: null,
      location_on_certificate: false,
    });
    screen.getByRole('button', { name: 'Use my current position' }).focus();
    await user.keyboard('{Enter}');
    expect(calls).toHaveLength(1);
    act(() => calls[0]!.ok({ coords: { latitude: 4.0511, longitude: 9.7679, accuracy: 18.4 } }));
    expect(screen.getByTestId('asset-position')).toHaveTextContent('Position: 4.05110, 9.76790 (within 18 m)');
    await user.click(screen.getByRole('checkbox', { name: 'Print the place on the certificate' }));
    expect(JSON.parse(screen.getByTestId('payload').textContent!)).toMatchObject({
      location_latitude: 4.0511,
      location_longitude: 9.7679,
      location_accuracy_m: 18.4,
      location_on_certificate: true,
    });
    await user.click(screen.getByRole('button', { name: 'Remove the position' }));
    expect(JSON.parse(screen.getByTestId('payload').textContent!)).toMatchObject({
      location_latitude: null,
      location_longitude: null,
      location_accuracy_m: null,
    });
  });

  it('says so when the browser refuses to share its position', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ title: 'Bike' }} />);
    await user.click(screen.getByRole('button', { name: 'Use my current position' }));
    act(() => calls[0]!.fail({ code: 1 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your browser did not share its position');
    expect(JSON.parse(screen.getByTestId('payload').textContent!)).toMatchObject({ location_latitude: null });
  });

  it('checks the place length and the coordinate ranges', () => {
    const base = { ...EMPTY_ASSET_FORM, title: 'Bike' };
    expect(validateAssetForm({ ...base, location: 'x'.repeat(301) })).toEqual({
      location: 'The place must be at most 300 characters',
    });
    expect(validateAssetForm({ ...base, location_latitude: 91, location_longitude: 0 })).toEqual({
      location_latitude: 'The latitude must be between -90 and 90',
    });
    expect(validateAssetForm({ ...base, location_latitude: 0, location_longitude: -181 })).toEqual({
      location_latitude: 'The longitude must be between -180 and 180',
    });
    expect(validateAssetForm({ ...base, location_latitude: 0, location_longitude: null })).toHaveProperty(
      'location_latitude',
    );
    expect(
      validateAssetForm({ ...base, location: 'Garage', location_latitude: -33.9, location_longitude: 18.4 }),
    ).toEqual({});
  });
});
