// The dashboard's way to /legacy, for someone named as a next of kin (accepted): it says truthfully
// whether anything was released to them yet. Nobody named them: nothing is shown.
import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n/i18n';
import { useNamedMe } from '../api/legacy';

export function LegacyShortcut() {
  const named = useNamedMe();
  const people = named.data ?? [];
  if (people.length === 0) return null;
  const released = people.filter((p) => p.released).length;
  return (
    <section aria-labelledby="legacy-shortcut" className="mt-8">
      <h2 id="legacy-shortcut" className="sr-only">
        {i18n._('Legacy')}
      </h2>
      <Link
        to={paths.legacy}
        className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-300 hover:shadow"
      >
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-md bg-amber-50 text-amber-800">
          <Gift className="h-5 w-5" aria-hidden="true" />
        </span>
        <span>
          <span className="block font-medium text-slate-900">{i18n._('Left to you')}</span>
          <span className="block text-sm text-slate-600">
            {released > 0
              ? i18n._(
                  '{count, plural, one {# person released assets to you: see their files, certificates and proof.} other {# people released assets to you: see their files, certificates and proof.}}',
                  { count: released },
                )
              : i18n._(
                  '{count, plural, one {# person named you as their next of kin. Nothing has been released to you yet.} other {# people named you as their next of kin. Nothing has been released to you yet.}}',
                  { count: people.length },
                )}
          </span>
        </span>
      </Link>
    </section>
  );
}
