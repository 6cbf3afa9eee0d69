// /legacy, what was released to the signed-in person: one card per person who released to them,
// with their message, what the heir may do, a download of everything as one zip, and each asset
// with its files, certificate, history and proof. Someone with nothing released yet is told so,
// and whether anyone named them.
import { useState } from 'react';
import { TitledSection } from '@/components/ui/titled-section';
import { FileArchive } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/api-error';
import { formatDate } from '@/lib/i18n/format';
import { i18n } from '@/lib/i18n/i18n';
import { useNamedMe, useReleasedToMe, type ReleasedLegacy } from '../api/legacy';
import { useDownloadLegacyArchive } from '../api/released-assets';
import { archiveFilename } from '../lib/released';
import { DownloadButton } from './download-button';
import { ReleasedAssetCard } from './released-asset-card';

/** Assets shown at first per release; the rest on request, so a long list does not load every file at once. */
const FIRST_ASSETS = 10;

function Release({ release }: { release: ReleasedLegacy }) {
  const [shown, setShown] = useState(FIRST_ASSETS);
  const archive = useDownloadLegacyArchive();
  const headingId = `release-${release.next_of_kin_id}`;
  const more = release.assets.length - shown;
  return (
    <Card>
      <CardContent className="space-y-4">
        <TitledSection id={headingId} className="space-y-3" title={i18n._('From {name}', { name: release.owner_name })}>
          <p className="text-sm text-slate-700">
            {i18n._('Released on {date}.', { date: formatDate(release.released_at) })}{' '}
            {release.access_level === 'inherit'
              ? i18n._('You may see everything below and take over ownership of it.')
              : i18n._('You may see everything below: details, files, certificates and proof.')}
          </p>
          {release.message ? (
            <blockquote className="whitespace-pre-line border-l-4 border-slate-300 pl-3 text-slate-800">
              {release.message}
            </blockquote>
          ) : null}
          {release.assets.length > 0 ? (
            <DownloadButton
              pending={archive.isPending}
              download={() =>
                archive.mutateAsync({
                  nextOfKinId: release.next_of_kin_id,
                  filename: archiveFilename(`legacy ${release.owner_name}`),
                })
              }
            >
              <FileArchive className="h-4 w-4" aria-hidden="true" /> {i18n._('Download everything (zip)')}
            </DownloadButton>
          ) : release.access_level === 'inherit' ? (
            // Assets the heir took over are theirs now, and listed with their own.
            <p className="text-sm text-slate-700">
              {i18n._('No assets are waiting here.')}{' '}
              <Link to={paths.assets} className="text-blue-700 underline">
                {i18n._('Those you took over are in My Assets.')}
              </Link>
            </p>
          ) : (
            <p className="text-sm text-slate-700">{i18n._('No assets are released to you here.')}</p>
          )}
          <ul className="space-y-3">
            {release.assets.slice(0, shown).map((a) => (
              <li key={a.id}>
                <ReleasedAssetCard assetId={a.id} title={a.title} nextOfKinId={release.next_of_kin_id} />
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <Button variant="outline" onClick={() => setShown((n) => n + FIRST_ASSETS)}>
              {i18n._('{count, plural, one {Show # more asset} other {Show # more assets}}', {
                count: Math.min(more, FIRST_ASSETS),
              })}
            </Button>
          ) : null}
        </TitledSection>
      </CardContent>
    </Card>
  );
}

export function ReleasedLegacies() {
  const released = useReleasedToMe();
  const named = useNamedMe();
  if (released.isPending) return <Spinner showLabel label={i18n._('Loading what was left to you...')} />;
  if (released.isError) return <p role="alert">{toAppError(released.error).message}</p>;
  if (!released.data.length) {
    const namedBy = (named.data ?? []).length;
    return (
      <Card>
        <EmptyState
          title={i18n._('Nothing has been released to you yet')}
          description={
            namedBy > 0
              ? i18n._(
                  '{count, plural, one {# person named you as their next of kin.} other {# people named you as their next of kin.}} What they chose for you appears here once their legacy is released.',
                  { count: namedBy },
                )
              : i18n._(
                  'When someone who named you as their next of kin has their legacy released, what they chose for you appears here.',
                )
          }
        />
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      {released.data.map((r) => (
        <Release key={r.next_of_kin_id} release={r} />
      ))}
    </div>
  );
}
