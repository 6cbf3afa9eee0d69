// /nok: the user's next of kin — list, add, edit, remove, one primary contact.
import { useState } from 'react';
import { toast } from 'sonner';
import { UserPlus } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth';
import {
  useCreateNextOfKin,
  useDeleteNextOfKin,
  useNextOfKin,
  useUpdateNextOfKin,
  type NextOfKin,
} from '../api/next-of-kin';
import { NokForm } from '../components/nok-form';
import { LegacySwitchCard } from '../components/legacy-switch-card';
import { EarlyRequests } from '../components/early-requests';
import { LegacySteps } from '../components/legacy-steps';
import { NokCard } from '../components/nok-card';
import { useInviteNextOfKin } from '../api/legacy';
import { useAssetChoices } from '../api/asset-choices';
import { NOK_PAGE_INTRO } from '../lib/copy';
import { ASSET_KINDS } from '../lib/schema';
import { i18n } from '@/lib/i18n/i18n';

/** Whole kinds, then single assets by title (an asset no longer the owner's is left out). */
function receivesLabel(k: NextOfKin, titles: ReadonlyMap<string, string>): string {
  const kinds = ASSET_KINDS.filter((a) => k.receives_kinds.includes(a.value)).map((a) => i18n._(a.label));
  const singles = k.receives_assets.flatMap((id) => titles.get(id) ?? []);
  const all = [...kinds, ...singles];
  return all.length ? all.join(', ') : i18n._('nothing chosen yet');
}

type Editing = { mode: 'add' } | { mode: 'edit'; row: NextOfKin } | null;

function NokScreen({ userId }: { userId: string }) {
  const list = useNextOfKin(userId);
  const assets = useAssetChoices(userId);
  const titles = new Map((assets.data ?? []).map((a) => [a.id, a.title]));
  const create = useCreateNextOfKin(userId);
  const update = useUpdateNextOfKin(userId);
  const remove = useDeleteNextOfKin(userId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<NextOfKin | null>(null);
  const invite = useInviteNextOfKin(userId, () => void list.refetch());

  const report = (fallback: string) => (err: unknown) => {
    toast.error(toAppError(err, fallback).message);
    throw err;
  };

  if (list.isPending) return <Spinner showLabel label={i18n._('Loading next of kin...')} />;
  if (list.isError) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-red-700">
          {i18n._('Could not load your next of kin:')} {toAppError(list.error).message}
        </p>
        <Button variant="outline" onClick={() => list.refetch()}>
          {i18n._('Retry')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <LegacySwitchCard userId={userId} />
      <EarlyRequests userId={userId} />
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ mode: 'add' })} disabled={list.data.length >= 20}>
          <UserPlus className="h-4 w-4" aria-hidden="true" /> {i18n._('Add next of kin')}
        </Button>
      </div>
      {list.data.length === 0 ? (
        <Card>
          <EmptyState
            title={i18n._('No next of kin yet')}
            description={i18n._(
              'Add the people who should know about your assets if something happens to you. Only you can see this list.',
            )}
          />
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {list.data.map((k) => (
            <li key={k.id}>
              <NokCard
                k={k}
                receives={receivesLabel(k, titles)}
                inviting={invite.isPending && invite.variables === k.id}
                onEdit={() => setEditing({ mode: 'edit', row: k })}
                onInvite={() =>
                  invite.mutateAsync(k.id).then(
                    () => toast.success(i18n._('Invitation sent to {email}', { email: k.email })),
                    (err: unknown) =>
                      void toast.error(toAppError(err, i18n._('Could not send the invitation')).message),
                  )
                }
                onRemove={() => setDeleting(k)}
              />
            </li>
          ))}
        </ul>
      )}

      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.mode === 'edit' ? i18n._('Edit next of kin') : i18n._('Add next of kin')}
        size="md"
      >
        {editing ? (
          <NokForm
            initial={editing.mode === 'edit' ? editing.row : undefined}
            assets={assets.data}
            assetsFailed={assets.isError}
            submitLabel={editing.mode === 'edit' ? i18n._('Save changes') : i18n._('Add')}
            onCancel={() => setEditing(null)}
            onSubmit={(values) =>
              (editing.mode === 'edit'
                ? update.mutateAsync({ id: editing.row.id, input: values })
                : create.mutateAsync(values)
              ).then(
                () => {
                  toast.success(editing.mode === 'edit' ? i18n._('Next of kin updated') : i18n._('Next of kin added'));
                  setEditing(null);
                },
                report(i18n._('Failed to save next of kin')),
              )
            }
          />
        ) : null}
      </Modal>

      <LegacySteps userId={userId} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={i18n._('Remove next of kin')}
        message={
          deleting
            ? i18n._('Remove {full_name} from your next of kin? This cannot be undone.', {
                full_name: deleting.full_name,
              })
            : ''
        }
        confirmLabel={i18n._('Remove')}
        destructive
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutateAsync(deleting.id).then(
            () => {
              toast.success(i18n._('Next of kin removed'));
              setDeleting(null);
            },
            (err: unknown) => void toast.error(toAppError(err, i18n._('Failed to remove next of kin')).message),
          );
        }}
      />
    </div>
  );
}

export default function NokPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <PageMeta
        title={i18n._('Next of Kin')}
        description={i18n._('The people who should know about your assets: names, relationship and how to reach them.')}
      />
      <h1 className="text-2xl font-bold text-slate-900">{i18n._('Next of Kin')}</h1>
      <p className="mb-6 mt-1 text-slate-700">{i18n._(NOK_PAGE_INTRO)}</p>
      {user ? <NokScreen userId={user.id} /> : <Spinner showLabel label={i18n._('Loading...')} />}
    </div>
  );
}
