// Account deletion: says exactly what goes, asks for the current password and the typed word.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { DELETE_WORD, deleteAccountSchema, type DeleteAccountValues } from '../lib/schemas';
import { i18n } from '@/lib/i18n/i18n';

export const WHAT_IS_DELETED = [
  'your account, e-mail address and password, and every sign-in session (you are signed out everywhere);',
  'your profile and picture, and your settings;',
  'your TMT wallet and its whole transaction history;',
  'your referral code and links — people you referred keep their accounts and rewards, but lose the link to you;',
  'your tagged assets with all their photos, videos and documents (the ledger keeps only hash entries without content);',
  'your next of kin;',
  'your bug reports and their screenshots.',
];

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(values: DeleteAccountValues): Promise<void>;
  error?: string | null;
}

export function DeleteAccountDialog({ open, onOpenChange, onConfirm, error }: DeleteAccountDialogProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountValues>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={i18n._('Delete your account')} size="md">
      <form
        aria-label={i18n._('Delete account')}
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit(async (values) => {
          try {
            await onConfirm(values);
          } catch {
            // Shown through `error`.
          }
        })}
      >
        <div className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{i18n._('This is immediate and cannot be undone. We delete:')}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {WHAT_IS_DELETED.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-2">{i18n._('Download your data first if you want to keep a copy.')}</p>
        </div>
        <FormField label={i18n._('Current password')} error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <FormField
          label={i18n._('Type {DELETE_WORD} to confirm', { DELETE_WORD })}
          error={errors.confirmation?.message}
        >
          <Input autoComplete="off" {...register('confirmation')} />
        </FormField>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            {i18n._('Cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={isSubmitting}>
            {isSubmitting ? i18n._('Deleting...') : i18n._('Delete my account')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
