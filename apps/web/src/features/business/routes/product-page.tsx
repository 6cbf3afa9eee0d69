// /business/products/:id — one product line: its details and pictures, its units (searched by serial,
// keyset-paged, with their label links and QR codes), and the ways to add units (one, a numbered
// range, a CSV file) and print labels.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { PageHeading } from '@/components/page-heading';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { useDebounced } from '@/hooks/use-debounced';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/format';
import { mediaThumbnail } from '../api/media';
import { useProduct, useSetProductStatus, type Product } from '../api/products';
import {
  fetchLabelPlan,
  fetchLabelSheet,
  fetchUnitQr,
  useAddRange,
  useAddUnit,
  useImportCsv,
  useSetUnitStatus,
  useUnitCount,
  useUnits,
  type BusinessUnitStatus,
} from '../api/units';
import { AddUnitForm } from '../components/add-unit-form';
import { useGs1Prefixes } from '../api/gs1-prefixes';
import { BusinessNav } from '../components/business-nav';
import { GtinNotice } from '../components/gtin-state';
import { CsvImport } from '../components/csv-import';
import { LabelSheetForm } from '../components/label-sheet-form';
import { ProductRecall } from '../components/product-recall';
import { UnitRangeForm } from '../components/unit-range-form';
import { SERIAL_SEARCH, UnitList } from '../components/unit-list';
import { UnitStatusControl } from '../components/unit-status-control';
import { downloadFile } from '@/lib/download-file';

/** The status words in the confirmation toast ("SN-0001 is now sold"). */
const STATUS_WORDS: Record<BusinessUnitStatus, string> = {
  active: /*i18n*/ 'active',
  sold: /*i18n*/ 'sold',
  recalled: /*i18n*/ 'recalled',
};

/** The path a unit's label opens on this site (the server's label-url.ts makes the same). */
function labelPath(product: Product, serial: string): string {
  return product.gtin ? paths.unitScan(product.gtin, serial) : paths.verify(serial);
}

function UnitsCard({ product }: { product: Product }) {
  const [search, setSearch] = useState('');
  const prefix = useDebounced(search, 300);
  // The keyset of each page shown: null for the first, then the last serial of the page before.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const validPrefix = SERIAL_SEARCH.test(prefix) ? prefix : '';
  const units = useUnits(product.id, { prefix: validPrefix, after: cursors.at(-1) ?? null });
  const count = useUnitCount(product.id);
  const addUnit = useAddUnit(product.id);
  const addRange = useAddRange(product.id);
  const importCsv = useImportCsv(product.id);
  const setUnitStatus = useSetUnitStatus(product.id);
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <Card className="mt-6">
        <CardContent className="space-y-6">
          <h2 className="text-lg font-semibold text-slate-900">{i18n._('Add units')}</h2>
          <AddUnitForm
            onSubmit={async (serial) => {
              let added: boolean;
              try {
                added = await addUnit.mutateAsync(serial);
              } catch (err) {
                toast.error(toAppError(err, i18n._('The unit could not be added')).message);
                throw err;
              }
              if (!added) {
                toast.error(i18n._('You already have a unit with this serial'));
                throw new Error('duplicate serial');
              }
              toast.success(i18n._('Unit {serial} added', { serial }));
            }}
          />
          <UnitRangeForm
            onSubmit={async (values) => {
              try {
                const r = await addRange.mutateAsync(values);
                toast.success(
                  i18n._(
                    '{inserted, plural, one {# unit added} other {# units added}} ({first} to {last}), {skipped} already there',
                    {
                      inserted: r.inserted,
                      skipped: formatNumber(r.skipped),
                      first: r.first,
                      last: r.last,
                    },
                  ),
                );
              } catch (err) {
                toast.error(toAppError(err, i18n._('The range could not be added')).message);
                throw err;
              }
            }}
          />
          <CsvImport onImport={(file, onProgress) => importCsv.mutateAsync({ file, onProgress })} />
        </CardContent>
      </Card>
      <Card className="mt-6">
        <CardContent>
          <LabelSheetForm
            productId={product.id}
            selectedUnitIds={[...selected]}
            onPlan={async (range) => {
              try {
                return await fetchLabelPlan(range);
              } catch (err) {
                throw toAppError(err, i18n._('The label sheet could not be made'));
              }
            }}
            onDownload={async (request) => {
              try {
                downloadFile(`labels-${request.layout}.pdf`, await fetchLabelSheet(request), 'application/pdf');
              } catch (err) {
                throw toAppError(err, i18n._('The label sheet could not be made'));
              }
            }}
          />
        </CardContent>
      </Card>
      <Card className="mt-6">
        <CardContent>
          <UnitList
            total={count.data}
            search={search}
            onSearch={(text) => {
              setSearch(text);
              setCursors([null]);
            }}
            units={units.data?.items}
            loading={units.isFetching}
            error={units.isError ? toAppError(units.error).message : null}
            onRetry={() => void units.refetch()}
            page={cursors.length}
            hasMore={units.data?.hasMore ?? false}
            onPrevious={() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c))}
            onNext={() => {
              const last = units.data?.items.at(-1)?.serial;
              if (last) setCursors((c) => [...c, last]);
            }}
            selected={selected}
            onToggle={toggle}
            labelPath={(serial) => labelPath(product, serial)}
            statusControl={(u) => (
              <UnitStatusControl
                serial={u.serial}
                status={u.status}
                onChange={async (status) => {
                  try {
                    await setUnitStatus.mutateAsync({ unitId: u.id, status });
                    toast.success(
                      i18n._('{serial} is now {status}', {
                        serial: u.serial,
                        status: i18n._(STATUS_WORDS[status]),
                      }),
                    );
                  } catch (err) {
                    toast.error(toAppError(err, i18n._('The status could not be changed')).message);
                    throw err;
                  }
                }}
              />
            )}
            onDownloadQr={async (u, format) => {
              try {
                downloadFile(
                  `label-${u.serial}.${format}`,
                  await fetchUnitQr(u.id, format),
                  format === 'svg' ? 'image/svg+xml' : 'image/png',
                );
              } catch (err) {
                toast.error(toAppError(err, i18n._('The QR code could not be downloaded')).message);
              }
            }}
          />
        </CardContent>
      </Card>
    </>
  );
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const p = product.data;
  const setStatus = useSetProductStatus(id);
  const prefixes = useGs1Prefixes();
  const changeStatus = async (status: 'active' | 'recalled') => {
    try {
      const r = await setStatus.mutateAsync(status);
      toast.success(
        status === 'recalled'
          ? i18n._('Product recalled: {count, plural, one {# unit now says so} other {# units now say so}}', {
              count: r.units_changed,
            })
          : i18n._('Recall ended: {count, plural, one {# unit is active again} other {# units are active again}}', {
              count: r.units_changed,
            }),
      );
    } catch (err) {
      toast.error(toAppError(err, i18n._('The product status could not be changed')).message);
      throw err;
    }
  };
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageMeta title={p?.name ?? i18n._('Product')} />
      <BusinessNav />
      {product.isLoading ? (
        <LoadingBlock label={i18n._('Loading...')} />
      ) : product.isError || !p ? (
        <ErrorRetry message={toAppError(product.error).message} onRetry={() => void product.refetch()} />
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <PageHeading
                title={p.name}
                lead={
                  p.gtin ? i18n._('GTIN {gtin}', { gtin: p.gtin }) : p.sku ? i18n._('SKU {sku}', { sku: p.sku }) : null
                }
              />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Link to={paths.businessProductEdit(p.id)} className={buttonClasses('outline')}>
                {i18n._('Edit product')}
              </Link>
              {p.status === 'active' && <ProductRecall name={p.name} status={p.status} onChange={changeStatus} />}
            </div>
          </div>
          {prefixes.data && <GtinNotice product={p} prefixes={prefixes.data} />}
          {p.status === 'recalled' && (
            <ProductRecall
              name={p.name}
              status={p.status}
              moderatorRecall={
                p.moderator_recall_at ? { at: p.moderator_recall_at, reason: p.moderator_recall_reason ?? '' } : null
              }
              onChange={changeStatus}
            />
          )}
          {p.description && <p className="mt-3 whitespace-pre-line text-slate-800">{p.description}</p>}
          {Object.keys(p.attributes).length > 0 && (
            <dl className="mt-3 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
              {Object.entries(p.attributes).map(([k, v]) => (
                <div key={k} className="flex gap-2">
                  <dt className="text-slate-500">{k}</dt>
                  <dd className="text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
          )}
          {p.image_paths.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-3">
              {p.image_paths.map((path, i) => (
                <li key={path}>
                  <img
                    {...mediaThumbnail(path, 112)}
                    alt={i18n._('{name}, picture {n}', { name: p.name, n: i + 1 })}
                    className="h-28 w-28 rounded border border-slate-200 object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
          <UnitsCard product={p} />
        </>
      )}
    </div>
  );
}
