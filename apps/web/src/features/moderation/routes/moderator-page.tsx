// /moderator ('Moderator Panel'): the queues moderators and admins work — reported products,
// units flagged by scan signals, public assets visitors reported, contact-owner abuse — with their
// counts, the recalls moderators made (until one of them ends a recall), and the log of what was
// done. Admins also get the moderators' ban requests. Business
// requests and naming moderators stay in the admin dashboard.
import { useState, type KeyboardEvent } from 'react';
import { PageMeta } from '@/components/page-meta';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/format';
import type { ScreenPrefetch } from '@/lib/screen-prefetch';
import { queueCountsQueryOptions, queueQueryOptions, useQueueCounts } from '../api/queues';
import { ModerationLog } from '../components/moderation-log';
import { QueuePanel } from '../components/queue-panel';
import { RecallsPanel } from '../components/recalls-panel';
import { QUEUES, type QueueName } from '../lib/actions';

type Tab = QueueName | 'recalls' | 'log';

/** The tab shown first. */
const FIRST_TAB: QueueName = 'products';

/** The queues' counts and the first tab's first page, asked for while the profile is read (lib/screen-prefetch.ts). */
export const prefetch: ScreenPrefetch = ({ queryClient }) => {
  void queryClient.prefetchQuery(queueCountsQueryOptions());
  void queryClient.prefetchQuery(queueQueryOptions(FIRST_TAB, null));
};

export default function ModeratorPage() {
  const { profile } = useAuth();
  const isAdmin = profile?.role === 'admin';
  const counts = useQueueCounts();
  const tabs = QUEUES.filter((q) => !q.adminOnly || isAdmin);
  const [tab, setTab] = useState<Tab>(FIRST_TAB);
  const order: Tab[] = [...tabs.map((q) => q.name), 'recalls', 'log'];

  // The tabs pattern: Tab reaches the chosen tab only, the arrow keys (and Home/End) move between
  // them, so the queue below is one Tab press away on a keyboard.
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = order.indexOf(tab);
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? order[(at + 1) % order.length]
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? order[(at - 1 + order.length) % order.length]
          : e.key === 'Home'
            ? order[0]
            : e.key === 'End'
              ? order[order.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  const tabButton = (id: Tab, label: string, count?: number | null | 'pending') => (
    <button
      key={id}
      type="button"
      role="tab"
      id={`tab-${id}`}
      aria-selected={tab === id}
      aria-controls="moderation-tabpanel"
      tabIndex={tab === id ? 0 : -1}
      onClick={() => setTab(id)}
      onKeyDown={onTabKey}
      className={cn(
        'rounded-md px-3 py-2 text-sm font-medium focus:outline-2 focus:outline-offset-2 focus:outline-blue-600',
        tab === id ? 'bg-slate-900 text-white' : 'bg-white text-slate-700 hover:bg-slate-100',
      )}
    >
      {label}
      {count === 'pending' ? (
        // The badge's room is kept while the counts load, so the tabs do not move when they come.
        <span
          aria-hidden="true"
          className="ml-2 inline-block min-w-[2.5rem] rounded-full bg-slate-100 px-2 text-xs text-slate-400"
        >
          …
        </span>
      ) : count !== undefined && count !== null ? (
        <span className="ml-2 inline-block min-w-[2.5rem] rounded-full bg-slate-200 px-2 text-xs text-slate-800 tabular-nums">
          {/* The counts stop at 1,001 (decision 0165). */}
          {count > 1000 ? i18n._('{count}+', { count: formatNumber(1000) }) : formatNumber(count)}
        </span>
      ) : null}
    </button>
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageMeta title={i18n._('Moderator Panel')} description={i18n._('Moderation tools.')} />
      <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Moderator Panel')}</h1>
      <p className="mt-1 text-slate-600">
        {i18n._('Reports and signals to review, newest first. Every action needs a reason and is logged.')}
      </p>
      <div role="tablist" aria-label={i18n._('Queues')} className="mt-6 flex flex-wrap gap-2">
        {tabs.map((q) => tabButton(q.name, i18n._(q.label), counts.isPending ? 'pending' : counts.data?.[q.name]))}
        {tabButton('recalls', i18n._('Standing recalls'))}
        {tabButton('log', i18n._('Log'))}
      </div>
      <div role="tabpanel" id="moderation-tabpanel" aria-labelledby={`tab-${tab}`} className="mt-4">
        {tab === 'log' ? (
          <ModerationLog />
        ) : tab === 'recalls' ? (
          <RecallsPanel />
        ) : (
          <QueuePanel key={tab} queue={tab} />
        )}
      </div>
    </div>
  );
}
