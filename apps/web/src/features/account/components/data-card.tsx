// Your data: download everything as JSON, or delete the account (and what deletion keeps, and why).
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { toAppError } from '@/lib/api-error';
import { useDeleteAccount } from '../api/delete-account';
import { useExportMyData } from '../api/export-data';
import { DeleteAccountDialog } from './delete-account-dialog';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export function DataCard() {
  const exporter = useExportMyData();
  const remover = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exportData = () =>
    exporter.mutateAsync().then(
      () => void toast.success(i18n._('Your data was downloaded')),
      (err: unknown) => void toast.error(toAppError(err, i18n._('Failed to export your data')).message),
    );

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">{i18n._('Export my data')}</h3>
        <p className="text-sm text-slate-700">
          {i18n._(
            'A JSON file with everything we hold about you: account, sign-ins and settings; wallet, purchases and referrals; assets with their files’ fingerprints, ledger entries, transfers and messages; next of kin and legacy; your business catalogue and label scans; reports you made and decisions about you; bug reports. Passwords, secret codes and other people’s details are left out. See the',
          )}{' '}
          <Link to={paths.privacyPolicy} className="text-blue-700 underline">
            {i18n._('Privacy Policy')}
          </Link>
          .
        </p>
        <Button variant="outline" loading={exporter.isPending} onClick={exportData}>
          {exporter.isPending ? i18n._('Preparing...') : i18n._('Export my data')}
        </Button>
      </div>
      <div className="space-y-2 border-t border-red-100 pt-6">
        <h3 className="font-semibold text-red-800">{i18n._('Delete account')}</h3>
        <p className="text-sm text-slate-700">
          {i18n._('Permanently delete your account and everything in it, including stored files.')}
        </p>
        <p className="text-sm text-slate-700">
          {i18n._(
            'Some records stay without your account: the asset ledger’s hashes, and the decisions of moderators and administrators. Messages you sent to other owners, and other users’ records that name your address (their heirs, transfers, blocks and reports), stay with their accounts.',
          )}
        </p>
        <Button
          variant="danger"
          onClick={() => {
            setError(null);
            setOpen(true);
          }}
        >
          {i18n._('Delete account')}
        </Button>
      </div>
      {open ? (
        <DeleteAccountDialog
          open={open}
          onOpenChange={setOpen}
          error={error}
          onConfirm={(values) =>
            remover.mutateAsync(values).then(
              () => void toast.success(i18n._('Your account was deleted')),
              (err: unknown) => {
                setError(toAppError(err, i18n._('Failed to delete your account')).message);
                throw err;
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
