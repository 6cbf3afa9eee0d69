// /start-tagging: the public capture entry (issue 6). /tag is protected (SPEC §2), so a signed-out
// visitor captures here instead: kind, photos/videos/documents with the same rules as /tag, kept in
// IndexedDB's guest slot. After sign-up (or sign-in) /tag's loadDraft adopts that capture, so the
// visitor finds it there and registers it. Signed-in visitors go straight to /tag.
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { PageHeading } from '@/components/page-heading';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import type { AssetKind } from '../api/types';
import { type PendingMedia } from '../components/media-list';
import { MediaPicker } from '../components/media-picker';
import { acceptFiles, pendingFromStored } from '../components/pending-media';
import { clearGuestCapture, loadGuestCapture, saveGuestCapture } from '../lib/capture-store';
import { MAX_FILES } from '../lib/media-rules';
import { i18n } from '@/lib/i18n/i18n';
import { assetKindOptions } from '@/lib/labels/assets';
import { paths } from '@/config/paths';

/** The landing each kind belongs to; its slug as `from` makes the e-mail callback continue on /tag. */
const KIND_SLUGS: Record<AssetKind, string> = {
  general: 'general-tagging',
  digital: 'nft-tagging',
  legacy: 'mywill-tagging',
  business: 'business-tagging',
};

function isKind(v: unknown): v is AssetKind {
  return typeof v === 'string' && v in KIND_SLUGS;
}

/** The sign-up link (opens the sign-up form): `from` ends in "-tagging" so the confirmation callback sends the user to /tag. */
export function startTaggingSignUpHref(kind: AssetKind, from: string | null, ref: string | null): string {
  const params = new URLSearchParams({ from: from?.includes('tagging') ? from : KIND_SLUGS[kind] });
  if (ref) params.set('ref', ref);
  return `${paths.signup}?${params.toString()}`;
}

export default function StartTaggingPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const from = params.get('from');
  const ref = params.get('ref');
  const initialKind = params.get('kind');
  const [kind, setKind] = useState<AssetKind>(
    isKind(initialKind)
      ? initialKind
      : from === 'nft-tagging'
        ? 'digital'
        : from === 'mywill-tagging'
          ? 'legacy'
          : from === 'business-tagging'
            ? 'business'
            : 'general',
  );
  const [media, setMedia] = useState<PendingMedia[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const restored = useRef(false);

  // Bring back a capture from an earlier visit to this page.
  useEffect(() => {
    let active = true;
    void loadGuestCapture().then((draft) => {
      if (!active) return;
      restored.current = true;
      if (!draft) return;
      if (isKind(draft.form.kind)) setKind(draft.form.kind);
      setMedia(draft.files.map(pendingFromStored));
    });
    return () => {
      active = false;
    };
  }, []);

  // Save every change to the guest slot; /tag adopts it after sign-up.
  useEffect(() => {
    if (!restored.current) return;
    let active = true;
    setSaved(false);
    // Nothing captured (or everything removed): nothing to keep, and no storage error to show.
    if (media.length === 0) {
      void clearGuestCapture();
      return;
    }
    void saveGuestCapture({
      files: media.map((m) => ({
        name: m.file.name,
        type: m.file.type,
        blob: m.file,
        durationSeconds: m.durationSeconds,
      })),
      form: { kind },
      savedAt: new Date().toISOString(),
    })
      .then(() => active && setSaved(true))
      .catch(
        () =>
          active &&
          setFileError(
            i18n._(
              'This browser could not keep the capture. Create an account and capture on the tagging page instead.',
            ),
          ),
      );
    return () => {
      active = false;
    };
  }, [media, kind]);

  if (auth.initialized && auth.user)
    return <Navigate to={isKind(initialKind) ? paths.tagKind(initialKind) : paths.tag} replace />;
  if (!auth.initialized) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }

  const addFiles = async (files: File[], recordedSeconds?: number | null) => {
    setFileError(null);
    const room = MAX_FILES - media.length;
    const { accepted, rejection, overLimit } = await acceptFiles(files, room, recordedSeconds);
    if (rejection) setFileError(rejection);
    else if (overLimit) setFileError(i18n._('At most {MAX_FILES} files per asset.', { MAX_FILES }));
    setMedia((m) => [...m, ...accepted]);
  };

  const removeMedia = (id: string) =>
    setMedia((m) => {
      const gone = m.find((x) => x.id === id);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return m.filter((x) => x.id !== id);
    });

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta
        title={i18n._('Start tagging')}
        description={i18n._(
          'Photograph your asset now and register it in a tamper-evident ledger after creating a free account.',
        )}
      />
      <PageHeading
        title={i18n._('Start tagging')}
        lead={i18n._(
          'Capture your asset now. It stays on this device until you create a free account, then it is waiting for you on the tagging page.',
        )}
      />

      <Card className="mt-6">
        <CardContent className="space-y-4">
          <FormField label={i18n._('What are you tagging?')} id="start-kind">
            <Select
              value={kind}
              options={assetKindOptions()}
              onChange={(e) => isKind(e.target.value) && setKind(e.target.value)}
            />
          </FormField>

          <h2 className="text-lg font-semibold text-slate-900">{i18n._('Photos, videos and documents')}</h2>
          <MediaPicker
            media={media}
            onAdd={(files, secs) => void addFiles(files, secs)}
            onRemove={removeMedia}
            error={fileError}
            inputTestId="start-file-input"
          />
          {media.length > 0 && saved && (
            <p className="text-sm text-green-700" role="status">
              {i18n._('Saved on this device.')}
            </p>
          )}
        </CardContent>
      </Card>

      <div className="mt-6 rounded-xl bg-blue-50 p-6">
        <p className="font-semibold text-slate-900">{i18n._('Register it in the ledger')}</p>
        <p className="mt-1 text-sm text-slate-700">
          {i18n._(
            'Registering needs an account. Sign up, confirm your e-mail, and you land on the tagging page with this capture ready to register.',
          )}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={startTaggingSignUpHref(kind, from, ref)} className={buttonClasses('primary')}>
            {i18n._('Create a free account to register it')}
          </Link>
          <Link to={paths.auth} state={{ from: { pathname: paths.tag } }} className={buttonClasses('outline')}>
            {i18n._('Sign in')}
          </Link>
        </div>
      </div>
    </div>
  );
}
