// The will-and-legacy calls: the owner's switch, invitations, early requests; the heir's released
// assets and the transfers offered to the signed-in person. All go through database functions that
// check the caller (the client is never trusted to advance a step).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/api-error';

export interface LegacySwitch {
  enabled: boolean;
  period_months: number;
  grace_days: number;
  waiting_days: number;
  paused_until: string | null;
  last_activity_at: string;
  released_at: string | null;
}

export interface EarlyRequest {
  id: string;
  requested_at: string;
  release_after: string;
  state: 'waiting' | 'refused' | 'released' | 'cancelled';
  /** Who asked (null when the owner removed that contact since). */
  next_of_kin: { full_name: string } | null;
}

export interface ReleasedLegacy {
  next_of_kin_id: string;
  owner_name: string;
  released_at: string;
  message: string | null;
  access_level: 'view' | 'inherit';
  assets: Array<{ id: string; title: string; kind: string; description: string | null; serial_number: string | null }>;
}

export interface IncomingTransfer {
  id: string;
  asset_id: string;
  title: string;
  kind: string;
  via_legacy: boolean;
  offered_at: string;
}

export interface NamedMe {
  owner_id: string;
  owner_name: string;
  switch_on: boolean;
  released: boolean;
  request_release_after: string | null;
}

export interface LegacyStep {
  id: number;
  kind: string;
  occurred_at: string;
  recipient_email: string | null;
}

const keys = {
  namedMe: ['legacy-named-me'] as const,
  steps: (userId: string) => ['legacy-steps', userId] as const,
  legacySwitch: (userId: string) => ['legacy-switch', userId] as const,
  requests: (userId: string) => ['legacy-requests', userId] as const,
  released: ['legacy-released'] as const,
  incoming: ['incoming-transfers'] as const,
};

export function useLegacySwitch(userId: string) {
  return useQuery({
    queryKey: keys.legacySwitch(userId),
    queryFn: async () =>
      unwrap(
        await supabase
          .from('legacy_switches')
          .select('enabled, period_months, grace_days, waiting_days, paused_until, last_activity_at, released_at')
          .eq('user_id', userId)
          .maybeSingle(),
      ) as LegacySwitch | null,
  });
}

export interface SwitchInput {
  enabled: boolean;
  period_months: number;
  grace_days: number;
  waiting_days: number;
  paused_until: string | null;
}

export function useSetLegacySwitch(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: SwitchInput) =>
      unwrap(
        await supabase.rpc('legacy_set_switch', {
          p_enabled: v.enabled,
          p_period_months: v.period_months,
          p_grace_days: v.grace_days,
          p_waiting_days: v.waiting_days,
          p_paused_until: v.paused_until,
        }),
      ),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.legacySwitch(userId) }),
        qc.invalidateQueries({ queryKey: keys.steps(userId) }),
      ]),
  });
}

export function useStillHere(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await supabase.rpc('legacy_i_am_still_here')),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.legacySwitch(userId) }),
        qc.invalidateQueries({ queryKey: keys.steps(userId) }),
      ]),
  });
}

export function useInviteNextOfKin(userId: string, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await supabase.rpc('legacy_invite', { p_next_of_kin: id })),
    onSettled: () => {
      onDone();
      return qc.invalidateQueries({ queryKey: keys.steps(userId) });
    },
  });
}

export function useEarlyRequests(userId: string) {
  return useQuery({
    queryKey: keys.requests(userId),
    queryFn: async () =>
      unwrap(
        await supabase
          .from('legacy_requests')
          .select('id, requested_at, release_after, state, next_of_kin(full_name)')
          .eq('owner_id', userId)
          .eq('state', 'waiting'),
      ) as EarlyRequest[],
  });
}

export function useRefuseRequest(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await supabase.rpc('legacy_refuse_request', { p_request: id })),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.requests(userId) }),
        qc.invalidateQueries({ queryKey: keys.steps(userId) }),
      ]),
  });
}

export function useReleasedToMe() {
  return useQuery({
    queryKey: keys.released,
    queryFn: async () => unwrap(await supabase.rpc('legacy_released_to_me')),
  });
}

export function useIncomingTransfers() {
  return useQuery({
    queryKey: keys.incoming,
    queryFn: async () => unwrap(await supabase.rpc('my_incoming_transfers')),
  });
}

export function useAcceptTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await supabase.rpc('accept_asset_transfer', { p_transfer: id })) as string,
    onSettled: () => qc.invalidateQueries({ queryKey: keys.incoming }),
  });
}

export function useNamedMe() {
  return useQuery({
    queryKey: keys.namedMe,
    queryFn: async () => unwrap(await supabase.rpc('legacy_named_me')),
  });
}

export function useRequestEarlyAccess() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ownerId: string) =>
      unwrap(await supabase.rpc('legacy_request_early_access', { p_owner: ownerId })),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.namedMe }),
  });
}

/** The owner's step log (public.legacy_events), newest first. */
export function useLegacySteps(userId: string) {
  return useQuery({
    queryKey: keys.steps(userId),
    queryFn: async () =>
      unwrap(
        await supabase
          .from('legacy_events')
          .select('id, kind, occurred_at, recipient_email')
          .eq('owner_id', userId)
          .order('id', { ascending: false })
          .limit(50),
      ) as LegacyStep[],
  });
}

declare module '@/lib/json-rpc' {
  interface JsonRpcResults {
    legacy_released_to_me: ReleasedLegacy[];
    my_incoming_transfers: IncomingTransfer[];
    legacy_named_me: NamedMe[];
  }
}
