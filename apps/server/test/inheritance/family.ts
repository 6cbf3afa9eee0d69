// What the legacy suites share: sign-up through the real server, the test clock, and an owner with a
// legacy asset whose next of kin accepted the invitation from its mail.
import { expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { MailSink, ReceivedMail } from '@tagledger/test-kit/mail-sink';
import type { TestServer } from '../helpers/test-server.js';
import { uniqueEmail } from '../helpers/auth-test.js';

export const LEGACY_ENV = {
  RATE_LIMITS: 'off',
  MAILER_AUTOCONFIRM: 'true',
  TEST_CLOCK: 'on',
  JOBS_POLL_SECONDS: '0.5',
};

export interface Person {
  client: SupabaseClient;
  id: string;
  email: string;
}

export async function signUp(server: TestServer, email: string, data: Record<string, unknown> = {}): Promise<Person> {
  const client = server.anonClient();
  const res = await client.auth.signUp({ email, password: 'correct-horse-battery-9', options: { data } });
  if (res.error) throw res.error;
  return { client, id: res.data.user!.id, email };
}

/** Moves the application clock and runs the sweep and the mail job at once. */
export async function advance(server: TestServer, days: number): Promise<void> {
  const res = await fetch(`${server.url}/test/v1/clock`, {
    method: 'POST',
    headers: { apikey: server.serviceRoleKey, 'content-type': 'application/json' },
    body: JSON.stringify({ advance_days: days }),
  });
  expect(res.status).toBe(200);
}

export function setSwitch(
  owner: Person,
  opts: { enabled?: boolean; months?: number; waiting?: number; pausedUntil?: string | null } = {},
) {
  return owner.client.rpc('legacy_set_switch', {
    p_enabled: opts.enabled ?? true,
    p_period_months: opts.months ?? 12,
    p_grace_days: 14,
    p_waiting_days: opts.waiting ?? 3,
    p_paused_until: opts.pausedUntil ?? null,
  });
}

export function tokenOf(invite: ReceivedMail): string {
  return new URL(invite.links.find((l) => l.includes('/nok/accept'))!).searchParams.get('token')!;
}

export async function addAsset(server: TestServer, ownerId: string, title: string, kind = 'legacy'): Promise<string> {
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into public.assets (owner_id, submission_id, kind, title) values ($1, gen_random_uuid(), $2, $3) returning id`,
    [ownerId, kind, title],
  );
  return rows[0]!.id;
}

/**
 * The set-up: an owner ("Olivia Owner") with a legacy asset invites a next of kin at the
 * inherit level for legacy assets; the kin accepts with the token from the mail.
 */
export async function family(server: TestServer, sink: MailSink, kinData: Record<string, unknown> = {}) {
  const owner = await signUp(server, uniqueEmail('owner'), { full_name: 'Olivia Owner' });
  const heir = await signUp(server, uniqueEmail('heir'), kinData);
  const assetId = await addAsset(server, owner.id, "Grandpa's watch");
  const kin = await owner.client
    .from('next_of_kin')
    .insert({
      full_name: 'Heir',
      relationship: 'Son',
      email: heir.email,
      access_level: 'inherit',
      receives_kinds: ['legacy'],
      message: 'Wind it daily',
    })
    .select('id')
    .single();
  expect(kin.error).toBeNull();
  expect((await owner.client.rpc('legacy_invite', { p_next_of_kin: kin.data!.id })).error).toBeNull();
  const invite = await sink.nextMail(heir.email);
  expect(
    (await heir.client.rpc('legacy_answer_invite', { p_token: tokenOf(invite), p_accept: true })).error,
  ).toBeNull();
  await sink.nextMail(owner.email); // "Heir accepted your invitation"
  return { owner, heir, assetId, nextOfKinId: kin.data!.id as string, invite };
}
