// A product's units on its page: a search by the start of the serial, a keyset pager (Previous /
// Next, so the 22nd page costs what the first does), and per unit its status, its label page and
// its QR code as an SVG or PNG file. Presentational: the page passes the data and the actions.
import { DataTable } from '@/components/ui/data-table';
import { TitledSection } from '@/components/ui/titled-section';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { UnitStatus } from '@tagledger/functions-api';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/format';

export interface UnitRow {
  id: string;
  serial: string;
  status: UnitStatus;
}

export const SERIAL_SEARCH = /^[A-Za-z0-9._-]{0,64}$/;

export interface UnitListProps {
  /** All the product's units, whatever the search. */
  total: number | undefined;
  search: string;
  onSearch(text: string): void;
  /** The page shown: null while the first one loads. */
  units: UnitRow[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry(): void;
  /** One-based page number, and whether pages come before and after it. */
  page: number;
  hasMore: boolean;
  onPrevious(): void;
  onNext(): void;
  selected: ReadonlySet<string>;
  onToggle(unitId: string): void;
  /** The path a unit's label opens on this site. */
  labelPath(serial: string): string;
  /** The unit's status control (the page wires it to the database). */
  statusControl(unit: UnitRow): ReactNode;
  onDownloadQr(unit: UnitRow, format: 'svg' | 'png'): Promise<void>;
}

function QrButtons({ unit, onDownload }: { unit: UnitRow; onDownload: UnitListProps['onDownloadQr'] }) {
  const [busy, setBusy] = useState<'svg' | 'png' | null>(null);
  const run = async (format: 'svg' | 'png') => {
    setBusy(format);
    try {
      await onDownload(unit, format);
    } finally {
      setBusy(null);
    }
  };
  return (
    <span className="flex gap-1">
      <Button
        variant="outline"
        size="sm"
        loading={busy === 'svg'}
        disabled={busy !== null}
        aria-label={i18n._('Download the QR code of {serial} as SVG', { serial: unit.serial })}
        onClick={() => void run('svg')}
      >
        {i18n._('SVG')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        loading={busy === 'png'}
        disabled={busy !== null}
        aria-label={i18n._('Download the QR code of {serial} as PNG', { serial: unit.serial })}
        onClick={() => void run('png')}
      >
        {i18n._('PNG')}
      </Button>
    </span>
  );
}

export function UnitList(props: UnitListProps) {
  const { total, search, units, page, hasMore } = props;
  const searchError = SERIAL_SEARCH.test(search)
    ? undefined
    : /*i18n*/ 'Use letters, digits, dots, dashes or underscores (at most 64)';
  return (
    <TitledSection
      id="units-title"
      title={total === undefined ? i18n._('Units') : i18n._('Units ({count})', { count: formatNumber(total) })}
    >
      <FormField
        label={i18n._('Search by serial')}
        hint={i18n._('The start of a serial, as printed on the label (capitals count).')}
        error={searchError}
        className="mt-3 max-w-sm space-y-1"
      >
        <Input
          type="search"
          value={search}
          onChange={(e) => props.onSearch(e.target.value.trim())}
          autoComplete="off"
          spellCheck={false}
        />
      </FormField>
      {props.error ? (
        <ErrorRetry message={props.error} onRetry={props.onRetry} />
      ) : props.loading && !units ? (
        <LoadingBlock label={i18n._('Loading units...')} />
      ) : total === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{i18n._('No units yet: add one, a range or a CSV file above.')}</p>
      ) : (units?.length ?? 0) === 0 ? (
        <p className="mt-3 text-sm text-slate-600" role="status">
          {i18n._('No serial starts with “{search}”.', { search })}
        </p>
      ) : (
        <DataTable
          className="mt-3"
          busy={props.loading}
          caption={i18n._('Units')}
          headCellClassName="py-1 pr-3"
          columns={[
            { label: i18n._('Select'), className: 'py-1 pr-3', hidden: true },
            i18n._('Serial'),
            i18n._('Status'),
            i18n._('QR code'),
            { label: i18n._('Label page'), className: 'py-1' },
          ]}
        >
          {units!.map((u) => (
            <tr key={u.id} data-testid="unit-row">
              <td className="py-1 pr-3">
                <input
                  type="checkbox"
                  checked={props.selected.has(u.id)}
                  onChange={() => props.onToggle(u.id)}
                  aria-label={i18n._('Select {serial}', { serial: u.serial })}
                />
              </td>
              <td className="whitespace-nowrap py-1 pr-3 font-mono">{u.serial}</td>
              <td className="py-1 pr-3">{props.statusControl(u)}</td>
              <td className="py-1 pr-3">
                <QrButtons unit={u} onDownload={props.onDownloadQr} />
              </td>
              <td className="py-1">
                <Link to={props.labelPath(u.serial)} className="whitespace-nowrap text-blue-700 hover:underline">
                  {props.labelPath(u.serial)}
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {(page > 1 || hasMore) && (
        <nav className="mt-4 flex items-center justify-center gap-3" aria-label={i18n._('Unit pages')}>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={props.onPrevious}>
            {i18n._('Previous')}
          </Button>
          <span className="text-sm text-slate-600">{i18n._('Page {page}', { page })}</span>
          <Button variant="outline" size="sm" disabled={!hasMore} onClick={props.onNext}>
            {i18n._('Next')}
          </Button>
        </nav>
      )}
    </TitledSection>
  );
}
