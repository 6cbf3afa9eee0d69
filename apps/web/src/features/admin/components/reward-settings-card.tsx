// Sign-up bonuses, referral rewards per level and the default referrer, edited by admins. A save
// is confirmed by a toast, since the card is rebuilt from the refreshed settings right after.
import { useSave } from '@/hooks/use-save';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { RewardSettings } from '../api/reward-settings';
import { i18n } from '@/lib/i18n/i18n';
import { intlLocale } from '@/lib/i18n/format';

export interface RewardSettingsCardProps {
  settings: RewardSettings;
  onSave(next: Omit<RewardSettings, 'effective_default_referrer_email'>): Promise<unknown>;
}

const MAX = 100_000;
const isAmount = (v: string) => /^\d+$/.test(v.trim()) && Number(v) <= MAX;

export function RewardSettingsCard({ settings, onSave }: RewardSettingsCardProps) {
  const [signup, setSignup] = useState(String(settings.signup_bonus));
  const [influencer, setInfluencer] = useState(String(settings.influencer_signup_bonus));
  const [levels, setLevels] = useState(settings.level_rewards.map(String));
  const [email, setEmail] = useState(settings.default_referrer_email ?? '');
  const [firstAdmin, setFirstAdmin] = useState(settings.use_first_admin);
  const [rewardDefault, setRewardDefault] = useState(settings.reward_default_referrals);
  const { saving, error, setError, save } = useSave();

  const invalid = ![signup, influencer, ...levels].every(isAmount);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (invalid) {
      setError(i18n._('Amounts must be whole numbers from 0 to {value}', { value: MAX.toLocaleString(intlLocale()) }));
      return;
    }
    await save(
      () =>
        onSave({
          signup_bonus: Number(signup),
          influencer_signup_bonus: Number(influencer),
          level_rewards: levels.map(Number),
          default_referrer_email: email.trim() || null,
          use_first_admin: firstAdmin,
          reward_default_referrals: rewardDefault,
        }),
      i18n._('Reward settings saved'),
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{i18n._('Rewards')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" aria-label={i18n._('Reward settings')} noValidate>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FormField label={i18n._('Sign-up bonus (TMT)')}>
              <Input inputMode="numeric" value={signup} onChange={(e) => setSignup(e.target.value)} />
            </FormField>
            <FormField label={i18n._('Influencer sign-up bonus (TMT)')}>
              <Input inputMode="numeric" value={influencer} onChange={(e) => setInfluencer(e.target.value)} />
            </FormField>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{i18n._('Referral reward per level (TMT)')}</legend>
            <div className="mt-1 grid grid-cols-5 gap-2">
              {levels.map((v, i) => (
                <Input
                  key={i}
                  inputMode="numeric"
                  aria-label={i18n._('Level {value} reward', { value: i + 1 })}
                  value={v}
                  onChange={(e) => setLevels(levels.map((x, j) => (j === i ? e.target.value : x)))}
                />
              ))}
            </div>
          </fieldset>
          <FormField
            label={i18n._('Default referrer (e-mail)')}
            hint={i18n._('Sign-ups without a valid code are attached to this person. Now: {value}.', {
              value: settings.effective_default_referrer_email ?? 'nobody',
            })}
          >
            <Input
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder={i18n._('Leave empty to use the rule below')}
            />
          </FormField>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={firstAdmin} onChange={(e) => setFirstAdmin(e.target.checked)} />
            {i18n._('Without a configured referrer, use the first admin')}
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={rewardDefault} onChange={(e) => setRewardDefault(e.target.checked)} />
            {i18n._('Pay referral rewards for sign-ups attached to the default referrer')}
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" loading={saving}>
            {i18n._('Save rewards')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
