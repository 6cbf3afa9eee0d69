// The price breakdown from the server's pricing table.
import type { Quote } from '../api/types';
import { i18n } from '@/lib/i18n/i18n';
import { formatTmt } from '@/utils/format';

/** `updating`: the quote shown is the last one, and the one for what is selected now is on its way. */
export function CostSummary({
  quote,
  loading,
  updating = false,
}: {
  quote: Quote | undefined;
  loading: boolean;
  updating?: boolean;
}) {
  return (
    <div
      className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm"
      aria-live="polite"
      aria-busy={updating || undefined}
      data-testid="cost-summary"
    >
      <h3 className="font-semibold text-slate-900">{i18n._('Cost')}</h3>
      {!quote ? (
        <p className="mt-1 text-slate-600">{loading ? i18n._('Calculating…') : i18n._('The cost appears here.')}</p>
      ) : (
        <>
          <ul className="mt-2 space-y-1">
            {quote.lines.map((l, i) => (
              <li key={`${l.item}-${i}`} className="flex justify-between text-slate-700">
                <span>
                  {l.label}
                  {l.count > 1 ? ` × ${l.count}` : ''}
                  {l.item === 'video' &&
                    (l.seconds == null
                      ? i18n._(' (length unknown: longest tier)')
                      : ` (${Math.ceil(Number(l.seconds))} s)`)}
                </span>
                <span>{formatTmt(l.amount)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 font-semibold text-slate-900">
            <span>{i18n._('Total')}</span>
            <span data-testid="tag-cost">{formatTmt(quote.total)}</span>
          </p>
        </>
      )}
    </div>
  );
}
