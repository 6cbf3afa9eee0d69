// Stand-in created by the web shell so the route table builds; the owning area replaces this file.
import { PageMeta } from '@/components/page-meta';

export default function StandInPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageMeta title="Product Verification" />
      <h1 className="text-2xl font-semibold text-slate-900">Product Verification</h1>
    </div>
  );
}
