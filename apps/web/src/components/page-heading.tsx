// A screen's heading and the lead paragraph under it, in one style across the app's screens (the
// tagging pages, the public gallery, a business's profile and product). The document's title and
// description stay with PageMeta, which a screen may word differently.
import type { ReactNode } from 'react';

export function PageHeading({ title, lead }: { title: ReactNode; lead: ReactNode }) {
  return (
    <>
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{lead}</p>
    </>
  );
}
