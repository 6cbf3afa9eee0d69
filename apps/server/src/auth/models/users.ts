// auth.users and auth.identities data access. Functions take the transaction first and hold no
// business rules (those live in services/).
import crypto from 'node:crypto';
import type { Queryable } from '@tagledger/db';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  /** Computed in every select: banned_until is in the future. */
  is_banned: boolean;
}

const COLUMNS = `u.*, (u.banned_until is not null and u.banned_until > now()) as is_banned`;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(
  tx: Queryable,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `select ${COLUMNS} from auth.users u where u.id = $1 and u.deleted_at is null${opts.forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function findUserByEmail(
  tx: Queryable,
  email: string,
  opts: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `select ${COLUMNS} from auth.users u
      where lower(u.email) = $1 and u.deleted_at is null and not u.is_sso_user${opts.forUpdate ? ' for update' : ''}`,
    [normalizeEmail(email)],
  );
  return rows[0];
}

/** Finds the user whose token slot `column` holds exactly `value`. */
export async function findUserByTokenSlot(
  tx: Queryable,
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current',
  value: string,
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `select ${COLUMNS} from auth.users u where u.${column} = $1 and u.deleted_at is null for update`,
    [value],
  );
  return rows[0];
}

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  role?: string;
  bannedUntil?: Date | null;
}

export async function insertUser(tx: Queryable, u: NewUser): Promise<UserRow> {
  const id = u.id ?? crypto.randomUUID();
  const app = { provider: 'email', providers: ['email'], ...(u.appMetadata ?? {}) };
  await tx.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, banned_until)
     values ($1, 'authenticated', $2, $3, $4, case when $5 then now() end, $6, $7, $8)`,
    [
      id,
      u.role ?? 'authenticated',
      normalizeEmail(u.email),
      u.passwordHash,
      u.confirmed,
      JSON.stringify(app),
      JSON.stringify(u.userMetadata),
      u.bannedUntil ?? null,
    ],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1::text, $2::uuid, $3, 'email', null)`,
    [
      id,
      id,
      JSON.stringify({
        ...u.userMetadata,
        sub: id,
        email: normalizeEmail(u.email),
        email_verified: u.confirmed,
        phone_verified: false,
      }),
    ],
  );
  return (await findUserById(tx, id))!;
}

/** An anonymous account (signInAnonymously): no address, no identity, is_anonymous set. */
export async function insertAnonymousUser(tx: Queryable, userMetadata: Record<string, unknown>): Promise<UserRow> {
  const id = crypto.randomUUID();
  await tx.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, is_anonymous)
     values ($1, 'authenticated', 'authenticated', null, null, '{}'::jsonb, $2, true)`,
    [id, JSON.stringify(userMetadata)],
  );
  return (await findUserById(tx, id))!;
}

/**
 * Gives a user that has none (an anonymous account linking its first address) the e-mail
 * identity and the provider in app_metadata that e-mail accounts are created with.
 */
export async function ensureEmailIdentity(tx: Queryable, userId: string, email: string): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     select $1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true, 'phone_verified', false), 'email', null
      where not exists (select 1 from auth.identities where user_id = $1::uuid and provider = 'email')`,
    [userId, email],
  );
  await tx.query(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"provider":"email","providers":["email"]}'::jsonb
      where id = $1 and not (raw_app_meta_data ? 'provider')`,
    [userId],
  );
}

/** Sets columns on a user (names are fixed by callers, never from input); updated_at is bumped. */
export async function updateUser(
  tx: Queryable,
  id: string,
  set: Record<string, unknown>,
  rawSql: string[] = [],
): Promise<void> {
  const keys = Object.keys(set);
  const assignments = [...keys.map((k, i) => `${k} = $${i + 2}`), ...rawSql, 'updated_at = now()'];
  const values = keys.map((k) => {
    const v = set[k];
    return v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
  });
  await tx.query(`update auth.users set ${assignments.join(', ')} where id = $1`, [id, ...values]);
}

/** Marks the e-mail identity as verified (after a confirmation, magic link or recovery). */
export async function markEmailIdentityVerified(tx: Queryable, userId: string, email: string | null): Promise<void> {
  await tx.query(
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email_verified', true) ||
                            case when $2::text is null then '{}'::jsonb else jsonb_build_object('email', $2::text) end,
            updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
}

export async function touchIdentitySignIn(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [
    userId,
  ]);
}

// ---- JSON rendering (SUPABASE-PROTOCOL §A.2.1) ----

function ts(d: Date | string | null | undefined): string | undefined {
  if (d === null || d === undefined) return undefined;
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  phone: string | null;
  last_challenged_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function factorJson(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    ...(f.friendly_name ? { friendly_name: f.friendly_name } : {}),
    factor_type: f.factor_type,
    status: f.status,
    created_at: ts(f.created_at),
    updated_at: ts(f.updated_at),
    phone: f.phone ?? '',
    last_challenged_at: ts(f.last_challenged_at) ?? null,
  };
}

export async function listFactors(tx: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await tx.query<FactorRow>(
    `select id, friendly_name, factor_type, status, phone, last_challenged_at, created_at, updated_at
       from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

/** The User object as GoTrue renders it (omitempty fields left out when null). */
export async function userJson(tx: Queryable, u: UserRow): Promise<Record<string, unknown>> {
  const { rows: identities } = await tx.query<IdentityRow>(
    `select * from auth.identities where user_id = $1 order by created_at`,
    [u.id],
  );
  const factors = await listFactors(tx, u.id);
  const optional: Record<string, unknown> = {
    email_confirmed_at: ts(u.email_confirmed_at),
    phone_confirmed_at: ts(u.phone_confirmed_at),
    confirmed_at: ts(u.confirmed_at ?? u.email_confirmed_at),
    confirmation_sent_at: ts(u.confirmation_sent_at),
    recovery_sent_at: ts(u.recovery_sent_at),
    email_change_sent_at: ts(u.email_change_sent_at),
    new_email: u.email_change || undefined,
    reauthentication_sent_at: ts(u.reauthentication_sent_at),
    invited_at: ts(u.invited_at),
    last_sign_in_at: ts(u.last_sign_in_at),
    banned_until: ts(u.banned_until),
    deleted_at: ts(u.deleted_at),
    factors: factors.length ? factors.map(factorJson) : undefined,
  };
  return {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email ?? '',
    phone: u.phone ?? '',
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      ...(i.email ? { email: i.email } : {}),
      ...(i.last_sign_in_at ? { last_sign_in_at: ts(i.last_sign_in_at) } : {}),
      created_at: ts(i.created_at),
      updated_at: ts(i.updated_at),
    })),
    created_at: ts(u.created_at),
    updated_at: ts(u.updated_at),
    is_anonymous: u.is_anonymous,
  };
}

/** The anti-enumeration stand-in returned when a confirmed address signs up again (§A.4.1). */
export function fakeUserJson(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email: normalizeEmail(email),
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
