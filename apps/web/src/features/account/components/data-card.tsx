// Your data: download everything as JSON, or delete the account.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { toAppError } from '@/lib/api-error';
import { useDeleteAccount } from '../api/delete-account';
import { useExportMyData } from '../api/export-data';
import { DeleteAccountDialog } from './delete-account-dialog';

export function DataCard() {
  const exporter = useExportMyData();
  const remover = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">Export my data</h3>
        <p className="text-sm text-slate-700">
          A JSON file with everything we hold about you: account, profile, settings, sessions, wallet and transactions, referrals,
          assets with file fingerprints, next of kin and bug reports. See the{' '}
          <Link to="/privacy-policy" className="text-blue-700 underline">
            Privacy Policy
          </Link>
          .
        </p>
        <Button
          variant="outline"
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutateAsync().then(
              () => void toast.success('Your data was downloaded'),
              (err: unknown) => void toast.error(toAppError(err, 'Failed to export your data').message),
            )
          }
        >
          {exporter.isPending ? 'Preparing...' : 'Export my data'}
        </Button>
      </div>
      <div className="space-y-2 border-t border-red-100 pt-6">
        <h3 className="font-semibold text-red-800">Delete account</h3>
        <p className="text-sm text-slate-700">Permanently delete your account and everything in it, including stored files.</p>
        <Button
          variant="danger"
          onClick={() => {
            setError(null);
            setOpen(true);
          }}
        >
          Delete account
        </Button>
      </div>
      {open ? (
        <DeleteAccountDialog
          open={open}
          onOpenChange={setOpen}
          error={error}
          onConfirm={(values) =>
            remover.mutateAsync(values).then(
              () => void toast.success('Your account was deleted'),
              (err: unknown) => {
                setError(toAppError(err, 'Failed to delete your account').message);
                throw err;
              },
            )
          }
        />
      ) : null}
    </div>
  );
}
