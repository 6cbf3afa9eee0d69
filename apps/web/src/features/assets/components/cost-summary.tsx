// The price breakdown from the server's pricing table.
import type { Quote } from '../api/types';

export function CostSummary({ quote, loading }: { quote: Quote | undefined; loading: boolean }) {
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm" aria-live="polite">
      <h3 className="font-semibold text-slate-900">Cost</h3>
      {!quote ? (
        <p className="mt-1 text-slate-600">{loading ? 'Calculating…' : 'The cost appears here.'}</p>
      ) : (
        <>
          <ul className="mt-2 space-y-1">
            {quote.lines.map((l, i) => (
              <li key={`${l.item}-${i}`} className="flex justify-between text-slate-700">
                <span>
                  {l.label}
                  {l.count > 1 ? ` × ${l.count}` : ''}
                  {l.item === 'video' && (l.seconds == null ? ' (length unknown: longest tier)' : ` (${Math.ceil(Number(l.seconds))} s)`)}
                </span>
                <span>{l.amount} TMT</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 font-semibold text-slate-900">
            <span>Total</span>
            <span data-testid="tag-cost">{quote.total} TMT</span>
          </p>
        </>
      )}
    </div>
  );
}
