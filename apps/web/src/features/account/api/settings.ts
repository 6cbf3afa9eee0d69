// public.user_settings: one row per user (created with the account), own row only.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';
import { accountKeys } from './keys';

export interface UserSettings {
  email_notifications: boolean;
  news_notifications: boolean;
  security_alerts: boolean;
  language: string;
  time_zone: string | null;
  cookie_consent: boolean;
  analytics_consent: boolean;
  updated_at: string;
}

export type SettingsPatch = Partial<Omit<UserSettings, 'updated_at'>>;

const COLUMNS =
  'email_notifications, news_notifications, security_alerts, language, time_zone, cookie_consent, analytics_consent, updated_at';

export async function getSettings(userId: string): Promise<UserSettings> {
  return unwrap(await supabase.from('user_settings').select(COLUMNS).eq('user_id', userId).single()) as UserSettings;
}

export const settingsQuery = (userId: string) =>
  queryOptions({ queryKey: accountKeys.settings(userId), queryFn: () => getSettings(userId) });

export function useSettings(userId: string) {
  return useQuery(settingsQuery(userId));
}

export async function updateSettings(userId: string, patch: SettingsPatch): Promise<UserSettings> {
  return unwrap(
    await supabase.from('user_settings').update(patch).eq('user_id', userId).select(COLUMNS).single(),
  ) as UserSettings;
}

export function useUpdateSettings(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => updateSettings(userId, patch),
    onSuccess: (row) => qc.setQueryData(accountKeys.settings(userId), row),
  });
}
