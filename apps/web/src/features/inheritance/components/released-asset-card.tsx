// One asset left to the signed-in heir, as /legacy shows it: what the owner recorded (their
// instructions first), its photos, videos and documents, its history in the ledger and its proof,
// the certificate in the heir's language and the asset as a zip.
import type { ReactNode } from 'react';
import { AlertTriangle, Download, FileArchive, FileText } from 'lucide-react';
import { Link } from 'react-router';
import type { AssetFile, AssetProof, LedgerEntry, LegacyAsset } from '@tagledger/functions-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/api-error';
import { formatDate, formatDateTime, formatMoney } from '@/lib/i18n/format';
import { i18n } from '@/lib/i18n/i18n';
import { assetEventLabel, assetStatusLabel } from '@/lib/labels/assets';
import { IntegrityVerdict } from '@/components/integrity-verdict';
import { formatBytes } from '@/utils/format';
import { useDownloadLegacyArchive, useDownloadLegacyCertificate, useLegacyAsset } from '../api/released-assets';
import { archiveFilename } from '../lib/released';
import { DownloadButton } from './download-button';
import { ASSET_KINDS } from '../lib/schema';

/** A photo URL (by media id) resized by the storage service, for the grid. */
function thumbnail(url: string, width: number): string {
  const u = new URL(url, window.location.origin);
  u.searchParams.set('width', String(width));
  u.searchParams.set('height', String(width));
  u.searchParams.set('resize', 'cover');
  return u.toString();
}

function Files({ asset, urls }: { asset: LegacyAsset; urls: Record<string, string> }) {
  if (asset.media.length === 0) return <p className="text-sm text-slate-600">{i18n._('No files.')}</p>;
  const photos = asset.media.filter((m) => m.kind === 'photo');
  const others = asset.media.filter((m) => m.kind !== 'photo');
  const number = (m: AssetFile) => asset.media.indexOf(m) + 1;
  return (
    <div className="space-y-3">
      {photos.length > 0 && (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={i18n._('Photos')}>
          {photos.map((m) => {
            const url = urls[m.id];
            const alt = i18n._('Photo {number} of {title}', { number: number(m), title: asset.title });
            return (
              <li key={m.id}>
                {url ? (
                  <a
                    href={url}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded-md bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-500"
                  >
                    <img
                      src={thumbnail(url, 320)}
                      srcSet={`${thumbnail(url, 320)} 320w, ${thumbnail(url, 640)} 640w`}
                      sizes="(min-width: 640px) 200px, 45vw"
                      width={320}
                      height={320}
                      alt={alt}
                      loading="lazy"
                      className="aspect-square h-auto w-full object-cover"
                    />
                  </a>
                ) : (
                  <p className="text-sm text-slate-600">{i18n._('This file cannot be shown.')}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {others.length > 0 && (
        <ul className="space-y-2" aria-label={i18n._('Documents and videos')}>
          {others.map((m) => {
            const url = urls[m.id];
            const size = formatBytes(Number(m.size_bytes));
            return (
              <li key={m.id} className="rounded-md border border-slate-200 p-2">
                {m.kind === 'video' && url ? (
                  <video
                    src={url}
                    controls
                    playsInline
                    preload="metadata"
                    className="mb-2 max-h-72 w-full rounded bg-slate-900"
                    aria-label={i18n._('Video {number} of {title}', { number: number(m), title: asset.title })}
                  />
                ) : null}
                {url ? (
                  <a
                    href={url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-2 text-sm text-blue-700 underline"
                  >
                    <FileText className="h-4 w-4 shrink-0" aria-hidden="true" />
                    {m.kind === 'video'
                      ? i18n._('Open video {number} ({size})', { number: number(m), size })
                      : i18n._('Open document {number} ({size})', { number: number(m), size })}
                  </a>
                ) : (
                  <span className="text-sm text-slate-600">{i18n._('This file cannot be shown.')}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function Details({ asset }: { asset: LegacyAsset }) {
  const rows: Array<[string, string]> = [];
  const add = (label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') rows.push([label, String(value)]);
  };
  add(i18n._('Make'), asset.make);
  add(i18n._('Model'), asset.model);
  add(i18n._('Purchase date'), asset.purchase_date ? formatDate(asset.purchase_date) : null);
  add(
    i18n._('Purchase price'),
    asset.purchase_price !== null ? formatMoney(Number(asset.purchase_price), asset.currency) : null,
  );
  add(
    i18n._('Estimated value'),
    asset.estimated_value !== null ? formatMoney(Number(asset.estimated_value), asset.currency) : null,
  );
  add(i18n._('Location'), asset.location);
  add(i18n._('Link'), asset.asset_url);
  add(i18n._('Content hash'), asset.content_hash);
  add(i18n._('Chain'), asset.chain);
  add(i18n._('Contract address'), asset.contract_address);
  add(i18n._('Token ID'), asset.token_id);
  add(i18n._('SKU'), asset.sku);
  add(i18n._('Quantity'), asset.quantity);
  add(i18n._('Tags'), asset.tags.length ? asset.tags.join(', ') : null);
  add(i18n._('Registered'), formatDateTime(asset.registered_at));
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Proof({ proof }: { proof: AssetProof }) {
  return (
    <div className="space-y-2">
      <IntegrityVerdict proof={proof} className="items-start" iconClassName="shrink-0" />
      <p className="text-sm text-slate-700">
        {proof.checkpoint
          ? i18n._('Entry #{seq} is covered by checkpoint #{checkpoint}, signed on {date}.', {
              seq: proof.seq,
              checkpoint: proof.checkpoint.seq,
              date: formatDateTime(proof.checkpoint.signed_at),
            })
          : i18n._('Not yet covered: checkpoints are signed on demand, at most once a minute.')}
      </p>
      <dl className="space-y-1 text-xs">
        {[
          [i18n._('Record hash (SHA-256)'), proof.record_hash],
          [i18n._('Entry hash'), proof.entry_hash],
          [i18n._('Previous entry hash'), proof.prev_hash],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-all font-mono text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function History({ history }: { history: LedgerEntry[] }) {
  return (
    <ol className="space-y-1" aria-label={i18n._('History')}>
      {[...history].reverse().map((e) => (
        <li key={e.seq} className="flex flex-wrap justify-between gap-x-3 text-sm">
          <span className="font-medium text-slate-900">{assetEventLabel(e.event)}</span>
          <span className="text-slate-600">
            {formatDateTime(e.created_at)} · #{e.seq}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The card of a released asset while its files load or when they could not: its title, then `children`. */
function TitledCard({ headingId, title, children }: { headingId: string; title: string; children: ReactNode }) {
  return (
    <article className="rounded-md border border-slate-200 p-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </article>
  );
}

export function ReleasedAssetCard({
  assetId,
  title,
  nextOfKinId,
}: {
  assetId: string;
  title: string;
  nextOfKinId: string;
}) {
  const query = useLegacyAsset(assetId);
  const certificate = useDownloadLegacyCertificate();
  const archive = useDownloadLegacyArchive();
  const headingId = `released-asset-${assetId}`;

  if (query.isPending) {
    return (
      <TitledCard headingId={headingId} title={title}>
        <Spinner showLabel label={i18n._('Loading files...')} />
      </TitledCard>
    );
  }
  if (query.isError) {
    return (
      <TitledCard headingId={headingId} title={title}>
        <p role="alert" className="text-sm text-red-700">
          {toAppError(query.error).message}
        </p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          {i18n._('Retry')}
        </Button>
      </TitledCard>
    );
  }
  const { asset, urls } = query.data;
  const kind = ASSET_KINDS.find((k) => k.value === asset.kind);
  return (
    <article className="space-y-3 rounded-md border border-slate-200 p-3" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words text-base font-semibold text-slate-900">
          {asset.title}
        </h3>
        <div className="flex flex-wrap gap-1">
          {kind ? <Badge tone="info">{i18n._(kind.label)}</Badge> : null}
          {asset.status !== 'active' ? <Badge tone="danger">{assetStatusLabel(asset.status)}</Badge> : null}
        </div>
      </div>
      {asset.status !== 'active' ? (
        <p className="flex items-start gap-2 text-sm text-red-800">
          <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
          {i18n._('Anyone checking its serial number sees this warning.')}
        </p>
      ) : null}
      {asset.heir_instructions ? (
        <section className="rounded-md bg-amber-50 p-3" aria-label={i18n._('Instructions for you')}>
          <h4 className="text-sm font-semibold text-amber-900">{i18n._('Instructions for you')}</h4>
          <p className="whitespace-pre-line text-sm text-amber-950">{asset.heir_instructions}</p>
        </section>
      ) : null}
      {asset.description ? <p className="whitespace-pre-line text-sm text-slate-800">{asset.description}</p> : null}
      {asset.serial_number ? (
        <p className="text-sm">
          <Link className="text-blue-700 underline" to={paths.verify(asset.serial_number)}>
            {i18n._('Check serial {serial}', { serial: asset.serial_number })}
          </Link>
        </p>
      ) : null}
      <Files asset={asset} urls={urls} />
      <Details asset={asset} />
      <div className="flex flex-wrap gap-2">
        <DownloadButton
          size="sm"
          pending={certificate.isPending}
          download={() => certificate.mutateAsync(asset.id)}
          aria-label={i18n._('Download the certificate of {title} (PDF)', { title: asset.title })}
        >
          <Download className="h-4 w-4" aria-hidden="true" /> {i18n._('Certificate (PDF)')}
        </DownloadButton>
        <DownloadButton
          size="sm"
          pending={archive.isPending}
          download={() =>
            archive.mutateAsync({ nextOfKinId, assetId: asset.id, filename: archiveFilename(asset.title) })
          }
          aria-label={i18n._('Download {title} with its files (zip)', { title: asset.title })}
        >
          <FileArchive className="h-4 w-4" aria-hidden="true" /> {i18n._('This asset (zip)')}
        </DownloadButton>
      </div>
      <details className="rounded-md border border-slate-200 p-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-900">{i18n._('History and proof')}</summary>
        <div className="mt-2 space-y-3">
          <History history={asset.history} />
          {asset.proof ? (
            <Proof proof={asset.proof} />
          ) : (
            <p className="text-slate-600">{i18n._('No proof available.')}</p>
          )}
          <p className="text-xs text-slate-500">
            {i18n._(
              "A tamper-evident ledger: each entry's hash covers the previous one, and checkpoints of the chain are signed with our server key. It is not a public blockchain.",
            )}
          </p>
        </div>
      </details>
    </article>
  );
}
