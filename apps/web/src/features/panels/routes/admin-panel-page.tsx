// /admin ('Admin Panel'): the hub of every admin tool. Each tool checks admin rights again in the
// database (RLS and security-definer functions), so this page only organises links.
import { BarChart3, Bug, Globe2, Newspaper, ShieldCheck } from 'lucide-react';
import { paths } from '@/config/paths';
import { PageMeta } from '@/components/page-meta';
import { ToolGrid, type Tool } from '../components/tool-grid';
import { i18n } from '@/lib/i18n/i18n';

const tools: Tool[] = [
  {
    to: paths.adminDashboard,
    title: /*i18n*/ 'Admin Dashboard',
    description: /*i18n*/ 'Users, sign-ups, token movements and referral statistics; review business account requests.',
    icon: BarChart3,
  },
  {
    to: paths.bugReports,
    title: /*i18n*/ 'Bug Reports',
    description: /*i18n*/ 'Read reports with their screenshots and console activity, and track their status.',
    icon: Bug,
  },
  {
    to: paths.newsManagement,
    title: /*i18n*/ 'News Management',
    description: /*i18n*/ 'Write, edit, publish, unpublish and delete news articles.',
    icon: Newspaper,
  },
  {
    to: paths.moderator,
    title: /*i18n*/ 'Moderator Panel',
    description:
      /*i18n*/ 'The moderators’ queues (reports, flagged scans, contact abuse) and the ban requests they send you.',
    icon: ShieldCheck,
  },
  {
    to: paths.publicAssets,
    title: /*i18n*/ 'Public Assets',
    description: /*i18n*/ 'See what every visitor sees in the public asset list.',
    icon: Globe2,
  },
];

export default function AdminPanelPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title={i18n._('Admin Panel')} description={i18n._('Administration tools.')} />
      <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Admin Panel')}</h1>
      <p className="mt-1 text-slate-600">{i18n._('Everything an administrator can manage, in one place.')}</p>
      <ToolGrid tools={tools} />
    </div>
  );
}
