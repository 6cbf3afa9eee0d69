// /referrals body, presentational: the link card, per-level performance, the people referred
// (display names only) and the reward history.
import { DataTable } from '@/components/ui/data-table';
import { RetryBanner } from '@/components/ui/load-state';
import { Gift, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import type { LevelStat, ReferredPerson, RewardRow } from '../api/types';
import { ReferralLinkCard } from './referral-link-card';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate, formatNumber } from '@/lib/i18n/format';
import { formatTmt } from '@/utils/format';

export interface ReferralsViewProps {
  code: string | null | undefined;
  origin: string;
  appName: string;
  stats: LevelStat[] | undefined;
  people: ReferredPerson[];
  /** People referred, counted up to 1,000; `peopleTotalCapped` when there are more. */
  peopleTotal: number;
  peopleTotalCapped: boolean;
  rewards: RewardRow[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  hasMorePeople: boolean;
  loadingMorePeople: boolean;
  onLoadMorePeople(): void;
}

const day = (iso: string) => formatDate(iso);

export function ReferralsView(props: ReferralsViewProps) {
  const stats = props.stats ?? [];
  const direct = stats.find((s) => s.level === 1)?.referred_count ?? 0;
  const earned = stats.reduce((sum, s) => sum + s.tokens_earned, 0);
  const pending = stats.reduce((sum, s) => sum + s.tokens_pending, 0);
  const network = stats.reduce((sum, s) => sum + s.referred_count, 0);
  const maxPerSignup = stats.reduce((sum, s) => sum + s.reward, 0);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Referrals')}</h1>
        <p className="mt-1 text-slate-600">
          {i18n._(
            'Invite people with your link. When someone you invited makes their first token purchase you earn TMT — and you also earn when the people they invite buy, up to five levels deep. Until then the reward is shown as pending.',
          )}
        </p>
      </div>

      {props.failed && <RetryBanner message={i18n._('We could not load your referrals.')} onRetry={props.onRetry} />}

      {props.loading ? (
        <div className="flex justify-center py-12">
          <Spinner label={i18n._('Loading referrals...')} showLabel />
        </div>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Card className="p-4" data-testid="stat-direct">
              <p className="text-sm text-slate-600">{i18n._('People you referred')}</p>
              <p className="mt-2 text-2xl font-semibold">{direct}</p>
            </Card>
            <Card className="p-4" data-testid="stat-network">
              <p className="text-sm text-slate-600">{i18n._('Your network (5 levels)')}</p>
              <p className="mt-2 text-2xl font-semibold">{network}</p>
            </Card>
            <Card className="p-4" data-testid="stat-earned">
              <p className="text-sm text-slate-600">{i18n._('Total earned')}</p>
              <p className="mt-2 text-2xl font-semibold text-green-700">{formatTmt(earned)}</p>
            </Card>
            <Card className="p-4" data-testid="stat-pending">
              <p className="text-sm text-slate-600">{i18n._('Pending (until their first purchase)')}</p>
              <p className="mt-2 text-2xl font-semibold text-amber-700">{formatTmt(pending)}</p>
            </Card>
          </div>

          {props.code ? (
            <ReferralLinkCard code={props.code} origin={props.origin} appName={props.appName} />
          ) : (
            !props.failed && (
              <p className="text-sm text-slate-600">{i18n._('Your referral code is not available yet.')}</p>
            )
          )}

          <Card>
            <CardHeader>
              <CardTitle>{i18n._('Performance by level')}</CardTitle>
            </CardHeader>
            <CardContent>
              <DataTable
                headClassName="text-slate-600"
                headCellClassName="py-2"
                columns={[
                  i18n._('Level'),
                  i18n._('Reward per customer'),
                  i18n._('People'),
                  { label: i18n._('Pending'), align: 'end' },
                  { label: i18n._('Earned'), align: 'end' },
                ]}
                foot={
                  stats.length > 0 && (
                    <tfoot>
                      <tr className="border-t border-slate-200 font-semibold">
                        <th scope="row" className="py-2">
                          {i18n._('Total')}
                        </th>
                        <td className="py-2">{formatTmt(maxPerSignup)}</td>
                        <td className="py-2">{network}</td>
                        <td className="py-2 text-right">{formatTmt(pending)}</td>
                        <td className="py-2 text-right">{formatTmt(earned)}</td>
                      </tr>
                    </tfoot>
                  )
                }
              >
                {stats.map((s) => (
                  <tr key={s.level} data-testid={`level-${s.level}`}>
                    <th scope="row" className="py-2 font-medium">
                      {i18n._('Level')} {s.level}
                    </th>
                    <td className="py-2">{formatTmt(s.reward)}</td>
                    <td className="py-2">{s.referred_count}</td>
                    <td className="py-2 text-right">{formatTmt(s.tokens_pending)}</td>
                    <td className="py-2 text-right">{formatTmt(s.tokens_earned)}</td>
                  </tr>
                ))}
              </DataTable>
            </CardContent>
          </Card>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>
                  {i18n._('People in your network')}
                  {props.peopleTotal
                    ? ` (${
                        props.peopleTotalCapped
                          ? // Counting stops at 1,000 (decision 0169).
                            i18n._('{count}+', { count: formatNumber(props.peopleTotal) })
                          : formatNumber(props.peopleTotal)
                      })`
                    : ''}
                </CardTitle>
              </CardHeader>
              <CardContent>
                {props.people.length === 0 ? (
                  <EmptyState
                    icon={<Users className="h-8 w-8" />}
                    title={i18n._('No one yet')}
                    description={i18n._('Share your link to invite people.')}
                  />
                ) : (
                  <ul className="divide-y divide-slate-100" aria-label={i18n._('Referred people')}>
                    {props.people.map((p, i) => (
                      <li
                        key={`${p.joined_at}-${p.level}-${i}`}
                        className="flex items-center justify-between py-2 text-sm"
                      >
                        <span>
                          <span className="font-medium text-slate-900">{p.display_name}</span>
                          <span className="ml-2 text-slate-500">
                            {i18n._('Level')} {p.level}
                          </span>
                        </span>
                        <span className="text-right text-slate-600">
                          {day(p.joined_at)} ·{' '}
                          {p.status === 'earned' ? (
                            <span className="text-green-700">{formatTmt(p.reward)}</span>
                          ) : p.status === 'pending' ? (
                            <span className="text-amber-700">
                              {formatTmt(p.reward)} {i18n._('pending')}
                            </span>
                          ) : p.status === 'reversed' ? (
                            <span className="text-slate-500 line-through">{formatTmt(p.reward)}</span>
                          ) : (
                            <span className="text-slate-500">{i18n._('no reward')}</span>
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {props.hasMorePeople && (
                  <div className="mt-3 flex justify-center">
                    <Button variant="outline" onClick={props.onLoadMorePeople} loading={props.loadingMorePeople}>
                      {i18n._('Load more')}
                    </Button>
                  </div>
                )}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>{i18n._('Reward history')}</CardTitle>
              </CardHeader>
              <CardContent>
                {(props.rewards ?? []).length === 0 ? (
                  <EmptyState
                    icon={<Gift className="h-8 w-8" />}
                    title={i18n._('No rewards yet')}
                    description={i18n._('Rewards appear here when people you invited make their first purchase.')}
                  />
                ) : (
                  <ul className="divide-y divide-slate-100" aria-label={i18n._('Reward history')}>
                    {props.rewards!.map((r) => (
                      <li key={r.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                        <span className="min-w-0">
                          <span className="block truncate text-slate-900">{r.description}</span>
                          <span className="text-xs text-slate-500">{day(r.created_at)}</span>
                        </span>
                        <span className="shrink-0 font-semibold text-green-700">
                          {formatTmt(r.amount, { signed: true })}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
