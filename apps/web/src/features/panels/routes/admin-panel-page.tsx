// /admin ('Admin Panel'): the hub of every admin tool. Each tool checks admin rights again in the
// database (RLS and security-definer functions), so this page only organises links.
import { BarChart3, Bug, Globe2, Newspaper, ShieldCheck } from 'lucide-react';
import { PageMeta } from '@/components/page-meta';
import { ToolGrid, type Tool } from '../components/tool-grid';

const tools: Tool[] = [
  {
    to: '/admin-influencer-dashboard',
    title: 'Admin Dashboard',
    description: 'Users, sign-ups, token movements and referral statistics; review business account requests.',
    icon: BarChart3,
  },
  {
    to: '/bug-reports',
    title: 'Bug Reports',
    description: 'Read reports with their screenshots and console activity, and track their status.',
    icon: Bug,
  },
  {
    to: '/news-management',
    title: 'News Management',
    description: 'Write, edit, publish, unpublish and delete news articles.',
    icon: Newspaper,
  },
  {
    to: '/moderator',
    title: 'Moderator Panel',
    description: 'The moderation views that moderators use: public assets and published news.',
    icon: ShieldCheck,
  },
  {
    to: '/public-assets',
    title: 'Public Assets',
    description: 'See what every visitor sees in the public asset list.',
    icon: Globe2,
  },
];

export default function AdminPanelPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageMeta title="Admin Panel" description="Administration tools." />
      <h1 className="text-2xl font-semibold text-slate-900">Admin Panel</h1>
      <p className="mt-1 text-slate-600">Everything an administrator can manage, in one place.</p>
      <ToolGrid tools={tools} />
    </div>
  );
}
