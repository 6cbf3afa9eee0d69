// A part of a screen under its own heading (an h2 in the screens' section style), named by that
// heading for screen readers: the dashboard's quick actions, the legacy page's lists, a release's
// assets, a product's units.
import type { ReactNode } from 'react';

export function TitledSection(props: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className={props.className}>
      <h2 id={props.id} className="text-lg font-semibold text-slate-900">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
