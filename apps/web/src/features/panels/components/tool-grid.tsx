import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { i18n } from '@/lib/i18n/i18n';

export interface Tool {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

/** A grid of links to the tools a role can use. */
export function ToolGrid({ tools }: { tools: Tool[] }) {
  return (
    <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {tools.map(({ to, title, description, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-300 hover:shadow"
          >
            <Icon className="h-6 w-6 text-blue-700" aria-hidden="true" />
            <span className="mt-3 font-semibold text-slate-900">{i18n._(title)}</span>
            <span className="mt-1 text-sm text-slate-600">{i18n._(description)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
