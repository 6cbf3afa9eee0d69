// Shared frame for the static marketing, legal and support pages: page metadata, one <h1>, a
// readable measure, and small typographic helpers so every page looks the same without a
// typography plugin.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { i18n } from '@/lib/i18n/i18n';

export function TextPage(props: {
  title: string;
  description: string;
  lead?: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <PageMeta title={props.title} description={props.description} />
      <header className="mb-8 border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{props.title}</h1>
        {props.lead ? <p className="mt-3 text-lg text-slate-700">{props.lead}</p> : null}
        {props.updated ? (
          <p className="mt-2 text-sm text-slate-600">
            {i18n._('Last updated:')} {props.updated}
          </p>
        ) : null}
      </header>
      <div className="space-y-8 text-slate-800 leading-relaxed">{props.children}</div>
    </div>
  );
}

export function Section(props: { title: string; id?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="space-y-3">
      <h2 id={props.id} className="text-xl font-semibold text-slate-900">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

export function Bullets(props: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-6">
      {props.items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** A two-column table (what / detail) used for data inventories and retention periods. */
export function FactTable(props: {
  caption: string;
  head: [string, string, string?];
  rows: [ReactNode, ReactNode, ReactNode?][];
}) {
  const three = props.head[2] !== undefined;
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {props.head
              .filter((h) => h !== undefined)
              .map((h) => (
                <th key={h} scope="col" className="py-2 pr-4 font-semibold text-slate-900">
                  {h}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, i) => (
            <tr key={i} className="border-b border-slate-200 align-top">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                {row[0]}
              </th>
              <td className="py-2 pr-4">{row[1]}</td>
              {three ? <td className="py-2 pr-4">{row[2]}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TextLink(props: { to: string; children: ReactNode }) {
  const className = 'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900';
  if (/^(mailto:|https?:)/.test(props.to)) {
    return (
      <a href={props.to} className={className}>
        {props.children}
      </a>
    );
  }
  return (
    <Link to={props.to} className={className}>
      {props.children}
    </Link>
  );
}
