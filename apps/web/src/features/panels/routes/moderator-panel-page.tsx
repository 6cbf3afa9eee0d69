// /moderator ('Moderator Panel'): the views moderators work with. Moderators see public content
// the way visitors do and report problems; what they may change is decided by the database.
import { Bug, Globe2, Newspaper } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { ToolGrid, type Tool } from '../components/tool-grid';
import { i18n } from '@/lib/i18n/i18n';

const tools: Tool[] = [
  {
    to: '/public-assets',
    title: /*i18n*/ 'Public Assets',
    description: /*i18n*/ 'Review the assets their owners made public and check that they are appropriate.',
    icon: Globe2,
  },
  {
    to: '/news',
    title: /*i18n*/ 'News',
    description: /*i18n*/ 'Read the published articles as users see them.',
    icon: Newspaper,
  },
  {
    to: '/support',
    title: /*i18n*/ 'Support',
    description:
      /*i18n*/ 'Where users are pointed for help; use the bug button (bottom right) to report problems you find.',
    icon: Bug,
  },
];

export default function ModeratorPanelPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Moderator Panel')} description={i18n._('Moderation tools.')} />
      <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Moderator Panel')}</h1>
      <p className="mt-1 text-slate-600">{i18n._('The public views you moderate, in one place.')}</p>
      <ToolGrid tools={tools} />
    </div>
  );
}
