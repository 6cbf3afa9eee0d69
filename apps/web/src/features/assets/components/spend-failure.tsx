// What the asset screens say when the server refuses to charge the wallet (SPEC §8 wallet texts):
// 'Insufficient tokens' with a way to the wallet when the balance is too low, 'Failed to spend
// tokens' for any other refusal of the charge. Shared by the tag page and the add-files dialog.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { toAppError } from '@/lib/api-error';
import { FunctionError } from '@/lib/call-function';
import { i18n } from '@/lib/i18n/i18n';
import { formatTmt } from '@/utils/format';
import { paths } from '@/config/paths';

export interface SpendFailure {
  message: string;
  /** True when buying tokens is the way out; the alert then links to the wallet's Buy tokens card. */
  wallet?: boolean;
}

/** The server answers 402 {code: 'insufficient_tokens'} when the ledger refuses for lack of balance. */
export function isInsufficientTokens(err: unknown): boolean {
  return err instanceof FunctionError && (err.code === 'insufficient_tokens' || err.status === 402);
}

/** 'Insufficient tokens' (SPEC §5), whether the balance check before the charge or the server said so. */
export function insufficientTokens(cost: number | null | undefined): SpendFailure {
  const need = typeof cost === 'number' ? ` ${i18n._('This needs {cost}.', { cost: formatTmt(cost) })}` : '';
  return { message: i18n._('Insufficient tokens.{need} Nothing was charged.', { need }), wallet: true };
}

/** SPEC §5: spending requires a balance of at least the amount. Unknown cost: let the server decide. */
export function balanceCovers(balance: number, cost: number | null | undefined): boolean {
  return typeof cost !== 'number' || balance >= cost;
}

/** Turns an error of the charging call into the alert text; `cost` is the price the user saw. */
export function spendFailure(err: unknown, cost: number | null | undefined): SpendFailure {
  if (isInsufficientTokens(err)) return insufficientTokens(cost);
  return {
    message: i18n._('Failed to spend tokens. {message} Nothing was charged.', { message: toAppError(err).message }),
  };
}

export function SpendFailureAlert({ failure, className = '' }: { failure: SpendFailure; className?: string }) {
  return (
    <div role="alert" className={`rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 ${className}`}>
      <p>{failure.message}</p>
      {failure.wallet && (
        <Link to={paths.walletBuyTokens} className={buttonClasses('link', 'md', 'mt-1')}>
          {i18n._('Buy tokens')}
        </Link>
      )}
    </div>
  );
}
