// The verdict of an asset's ledger proof: whether its entry recomputes and the record matches it.
// Shared by the owner's proof panel and the heir's view of a released asset.
import { CheckCircle2, XCircle } from 'lucide-react';
import { i18n } from '@/lib/i18n/i18n';
import { cn } from '@/lib/cn';

export function IntegrityVerdict(props: {
  proof: { entry_valid: boolean; record_matches: boolean };
  className?: string;
  iconClassName?: string;
  'data-testid'?: string;
}) {
  const { proof } = props;
  const ok = proof.entry_valid && proof.record_matches;
  const icon = cn('h-5 w-5', props.iconClassName);
  return (
    <p
      className={cn('flex gap-2 text-sm font-medium', ok ? 'text-green-700' : 'text-red-700', props.className)}
      data-testid={props['data-testid']}
    >
      {ok ? <CheckCircle2 className={icon} aria-hidden="true" /> : <XCircle className={icon} aria-hidden="true" />}
      {ok
        ? i18n._('Integrity verified: the ledger entry recomputes and matches the record.')
        : !proof.entry_valid
          ? i18n._('Integrity check failed: the ledger entry does not recompute.')
          : i18n._('Integrity check failed: the record differs from its ledger entry.')}
    </p>
  );
}
