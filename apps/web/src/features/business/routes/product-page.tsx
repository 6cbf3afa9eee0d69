// /business/products/:id — one product line: its details and pictures, its units (paged, with their
// label links), and the ways to add units (one, a numbered range, a CSV file) and print labels.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { toast } from 'sonner';
import { PageMeta } from '@/components/page-meta';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorRetry, LoadingBlock } from '@/components/ui/load-state';
import { Pager } from '@/components/ui/pager';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/format';
import { mediaThumbnail } from '../api/media';
import { useProduct, useSetProductStatus, type Product } from '../api/products';
import {
  fetchLabelSheet,
  UNIT_PAGE_SIZE,
  useAddRange,
  useAddUnit,
  useImportCsv,
  useSetUnitStatus,
  useUnits,
  type BusinessUnitStatus,
} from '../api/units';
import { AddUnitForm } from '../components/add-unit-form';
import { BusinessNav } from '../components/business-nav';
import { CsvImport } from '../components/csv-import';
import { LabelSheetForm } from '../components/label-sheet-form';
import { ProductRecall } from '../components/product-recall';
import { UnitRangeForm } from '../components/unit-range-form';
import { UnitStatusControl } from '../components/unit-status-control';
import { downloadFile } from '../lib/download';

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
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const units = useUnits(product.id, page);
  const addUnit = useAddUnit(product.id);
  const addRange = useAddRange(product.id);
  const importCsv = useImportCsv(product.id);
  const setUnitStatus = useSetUnitStatus(product.id);
  const total = units.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / UNIT_PAGE_SIZE));
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
              try {
                await addUnit.mutateAsync(serial);
                toast.success(i18n._('Unit {serial} added', { serial }));
              } catch (err) {
                const e = toAppError(err, i18n._('The unit could not be added'));
                toast.error(e.code === '23505' ? i18n._('You already have a unit with this serial') : e.message);
                throw err;
              }
            }}
          />
          <UnitRangeForm
            onSubmit={async (values) => {
              try {
                const r = await addRange.mutateAsync(values);
                toast.success(
                  i18n._('{inserted} units added ({first} to {last}), {skipped} already there', {
                    inserted: formatNumber(r.inserted),
                    skipped: formatNumber(r.skipped),
                    first: r.first,
                    last: r.last,
                  }),
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
          <h2 className="text-lg font-semibold text-slate-900">
            {i18n._('Units ({count})', { count: formatNumber(total) })}
          </h2>
          {units.isLoading ? (
            <LoadingBlock label={i18n._('Loading units...')} />
          ) : units.isError ? (
            <ErrorRetry message={toAppError(units.error).message} onRetry={() => void units.refetch()} />
          ) : total === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              {i18n._('No units yet: add one, a range or a CSV file above.')}
            </p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{i18n._('Units')}</caption>
                <thead className="text-xs uppercase text-slate-500">
                  <tr>
                    <th className="py-1 pr-3">
                      <span className="sr-only">{i18n._('Select')}</span>
                    </th>
                    <th className="py-1 pr-3">{i18n._('Serial')}</th>
                    <th className="py-1 pr-3">{i18n._('Status')}</th>
                    <th className="py-1">{i18n._('Label page')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {units.data!.items.map((u) => (
                    <tr key={u.id}>
                      <td className="py-1 pr-3">
                        <input
                          type="checkbox"
                          checked={selected.has(u.id)}
                          onChange={() => toggle(u.id)}
                          aria-label={i18n._('Select {serial}', { serial: u.serial })}
                        />
                      </td>
                      <td className="whitespace-nowrap py-1 pr-3 font-mono">{u.serial}</td>
                      <td className="py-1 pr-3">
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
                      </td>
                      <td className="py-1">
                        <Link
                          to={labelPath(product, u.serial)}
                          className="whitespace-nowrap text-blue-700 hover:underline"
                        >
                          {labelPath(product, u.serial)}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} pages={pages} onPage={setPage} className="mt-4" label={i18n._('Unit pages')} />
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
  const changeStatus = async (status: 'active' | 'recalled') => {
    try {
      const r = await setStatus.mutateAsync(status);
      toast.success(
        status === 'recalled'
          ? i18n._('Product recalled: {count} units now say so', { count: formatNumber(r.units_changed) })
          : i18n._('Recall ended: {count} units are active again', { count: formatNumber(r.units_changed) }),
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
              <h1 className="text-2xl font-semibold text-slate-900">{p.name}</h1>
              <p className="mt-1 text-sm text-slate-600">
                {p.gtin ? i18n._('GTIN {gtin}', { gtin: p.gtin }) : i18n._('SKU {sku}', { sku: p.sku ?? '' })}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Link to={paths.businessProductEdit(p.id)} className={buttonClasses('outline')}>
                {i18n._('Edit product')}
              </Link>
              {p.status === 'active' && <ProductRecall name={p.name} status={p.status} onChange={changeStatus} />}
            </div>
          </div>
          {p.status === 'recalled' && <ProductRecall name={p.name} status={p.status} onChange={changeStatus} />}
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
