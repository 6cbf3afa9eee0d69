// The admin API (§A.10), for the service role: list (with X-Total-Count and Link paging
// headers), get, create, update (incl. ban), delete users; list/delete their factors;
// generate_link.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '@tagledger/db';
import type { AppContext } from '../../shared/context.js';
import { isPgError } from '@tagledger/db';
import { AuthError, errors } from '../errors.js';
import { bodyOf, objField, queryParam, requireAdmin, requestMeta, str, validateEmail } from '../guards.js';
import {
  factorJson,
  findUserByEmail,
  findUserById,
  insertUser,
  listFactors,
  markEmailIdentityVerified,
  updateUser,
  userJson,
  type UserRow,
} from '../models/users.js';
import { auditLog, deleteSessions } from '../models/sessions.js';
import { hashPassword, isSupportedHash } from '../services/password.js';
import { checkPasswordStrength } from '../services/password-policy.js';
import { parseBanDuration } from '../services/duration.js';
import { mergeMetadata } from '../services/user-service.js';
import { mintEmailToken, verifyActionLink } from '../services/otp.js';
import { resolveRedirect } from '../services/redirect.js';
import { sendInvite } from '../services/mail.js';
import { isUuid } from '../../shared/uuid.js';

function userIdParam(req: FastifyRequest, key = 'id'): string {
  const id = (req.params as Record<string, string>)[key] ?? '';
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  return id.toLowerCase();
}

async function loadUser(tx: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(tx, id, { forUpdate: true });
  if (!user) throw errors.userNotFound();
  return user;
}

function intParam(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw errors.validation('page and per_page must be positive integers');
  return Math.min(n, max);
}

export async function listUsers(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  await requireAdmin(ctx, req);
  const page = intParam(queryParam(req, 'page'), 1, 1_000_000);
  const perPage = intParam(queryParam(req, 'per_page'), 50, 1000);
  const filter = queryParam(req, 'filter') ?? '';
  const pattern = `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows: countRows } = await ctx.db.query<{ total: number }>(
    `select count(*)::int as total from auth.users where deleted_at is null and coalesce(email, '') ilike $1`,
    [pattern],
  );
  const total = countRows[0]?.total ?? 0;
  const { rows: ids } = await ctx.db.query<{ id: string }>(
    `select id from auth.users where deleted_at is null and coalesce(email, '') ilike $1
      order by created_at desc, id limit $2 offset $3`,
    [pattern, perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const { id } of ids) {
    const u = await findUserById(ctx.db, id);
    if (u) users.push(await userJson(ctx.db, u));
  }
  // The client reads the page number right after the first "=", so page must come first.
  const last = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
  reply.header('x-total-count', String(total));
  reply.header('link', links.join(', '));
  return { users, aud: 'authenticated' };
}

export async function getUserById(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  await requireAdmin(ctx, req);
  const user = await findUserById(ctx.db, userIdParam(req));
  if (!user) throw errors.userNotFound();
  return userJson(ctx.db, user);
}

/**
 * Password / password_hash → the hash to store (undefined: keep). Like GoTrue, the admin API
 * applies the same strength policy as sign-up; only an imported password_hash cannot be judged.
 */
async function passwordFromBody(
  ctx: AppContext,
  body: Record<string, unknown>,
  email: string | null | undefined,
): Promise<string | undefined> {
  const password = str(body, 'password');
  const passwordHash = str(body, 'password_hash');
  if (password && passwordHash) throw errors.validation('Only a password or a password hash should be provided');
  if (passwordHash) {
    if (!isSupportedHash(passwordHash))
      throw errors.validation('Invalid password hash format (bcrypt or argon2 expected)');
    return passwordHash;
  }
  if (password !== undefined) {
    checkPasswordStrength(password, email, ctx.config.passwordMinLength);
    return hashPassword(password);
  }
  return undefined;
}

function banUntil(body: Record<string, unknown>): Date | null | undefined {
  const raw = str(body, 'ban_duration');
  if (raw === undefined || raw === '') return undefined;
  const seconds = parseBanDuration(raw);
  return seconds === null ? null : new Date(Date.now() + seconds * 1000);
}

function roleFromBody(body: Record<string, unknown>): string | undefined {
  // The JWT role becomes the database role of every /rest/v1 request; only the user role is
  // meaningful for accounts (service_role in a user token would bypass row-level security).
  const role = str(body, 'role');
  if (role !== undefined && role !== 'authenticated')
    throw errors.validation('Only the "authenticated" role can be assigned to users');
  return role;
}

export async function createUser(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  await requireAdmin(ctx, req);
  const body = bodyOf(req);
  const emailRaw = str(body, 'email');
  if (str(body, 'phone')) throw new AuthError(422, 'phone_provider_disabled', 'Phone users are not supported');
  if (!emailRaw) throw errors.validation('Unable to validate request: email or phone is required');
  const email = validateEmail(emailRaw);
  const id = str(body, 'id');
  if (id !== undefined && !isUuid(id)) throw errors.validation('id must be an UUID');
  const passwordHash =
    (await passwordFromBody(ctx, body, email)) ?? (await hashPassword(crypto.randomBytes(32).toString('base64url')));
  const bannedUntil = banUntil(body);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email))
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      const user = await insertUser(tx, {
        ...(id ? { id } : {}),
        email,
        passwordHash,
        userMetadata: objField(body, 'user_metadata') ?? {},
        appMetadata: objField(body, 'app_metadata') ?? {},
        confirmed: body.email_confirm === true,
        role: roleFromBody(body) ?? 'authenticated',
        bannedUntil: bannedUntil ?? null,
      });
      return userJson(tx, user);
    });
  } catch (err) {
    if (isPgError(err) && err.code === '23505')
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    throw err;
  }
}

export async function updateUserById(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  await requireAdmin(ctx, req);
  const id = userIdParam(req);
  const body = bodyOf(req);
  const emailRaw = str(body, 'email');
  const email = emailRaw !== undefined ? validateEmail(emailRaw) : undefined;
  const passwordHash = await passwordFromBody(ctx, body, email ?? (await findUserById(ctx.db, id))?.email);
  const bannedUntil = banUntil(body);
  const role = roleFromBody(body);
  const userMeta = objField(body, 'user_metadata');
  const appMeta = objField(body, 'app_metadata');
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await loadUser(tx, id);
      const set: Record<string, unknown> = {};
      const raw: string[] = [];
      if (email && email !== user.email) {
        const other = await findUserByEmail(tx, email);
        if (other && other.id !== id)
          throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        set.email = email;
        set.email_change = null;
        set.email_change_token_new = null;
        set.email_change_token_current = null;
      }
      if (body.email_confirm === true) raw.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
      if (passwordHash) set.encrypted_password = passwordHash;
      if (role) set.role = role;
      if (userMeta) set.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, userMeta);
      if (appMeta) set.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, appMeta);
      if (bannedUntil !== undefined) set.banned_until = bannedUntil;
      await updateUser(tx, id, set, raw);
      if (set.email || body.email_confirm === true)
        await markEmailIdentityVerified(tx, id, (set.email as string) ?? null);
      // A new password or a ban ends every session of the user.
      if (passwordHash || bannedUntil) await deleteSessions(tx, id, 'global', undefined);
      await auditLog(tx, 'user_modified', null, requestMeta(req).ip, {
        user_id: id,
        banned: bannedUntil !== undefined ? !!bannedUntil : undefined,
      });
      return userJson(tx, (await findUserById(tx, id))!);
    });
  } catch (err) {
    if (isPgError(err) && err.code === '23505')
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    throw err;
  }
}

export async function deleteUser(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  await requireAdmin(ctx, req);
  const id = userIdParam(req);
  const soft = bodyOf(req).should_soft_delete === true;
  try {
    await ctx.db.transaction(async (tx) => {
      await loadUser(tx, id);
      await auditLog(tx, 'user_deleted', null, requestMeta(req).ip, { user_id: id, soft });
      if (!soft) {
        await tx.query('delete from auth.users where id = $1', [id]);
        return;
      }
      // Soft delete: the row stays for foreign keys, but nothing can identify or sign in as it.
      await tx.query('delete from auth.identities where user_id = $1', [id]);
      await tx.query('delete from auth.mfa_factors where user_id = $1', [id]);
      await deleteSessions(tx, id, 'global', undefined);
      await updateUser(
        tx,
        id,
        {
          email: null,
          phone: null,
          encrypted_password: null,
          email_change: null,
          confirmation_token: null,
          recovery_token: null,
          email_change_token_new: null,
          email_change_token_current: null,
          reauthentication_token: null,
          raw_user_meta_data: {},
          raw_app_meta_data: {},
        },
        ['deleted_at = now()'],
      );
    });
  } catch (err) {
    if (isPgError(err) && err.code === '23503') {
      throw new AuthError(409, 'conflict', 'The user still owns records that prevent a hard delete; use a soft delete');
    }
    throw err;
  }
  return {};
}

export async function listUserFactors(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  await requireAdmin(ctx, req);
  const id = userIdParam(req);
  if (!(await findUserById(ctx.db, id))) throw errors.userNotFound();
  return (await listFactors(ctx.db, id)).map(factorJson);
}

export async function deleteUserFactor(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  await requireAdmin(ctx, req);
  const id = userIdParam(req);
  const factorId = (req.params as Record<string, string>).factorId ?? '';
  if (!isUuid(factorId)) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  const factor = (await listFactors(ctx.db, id)).find((f) => f.id === factorId.toLowerCase());
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  await ctx.db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
  return factorJson(factor);
}

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
type LinkType = (typeof LINK_TYPES)[number];

interface MintedLink {
  user: UserRow;
  token: { code: string; stored: string };
}

/** signup / invite / magiclink / recovery: the account's own address gets the token. */
async function mintAccountLink(
  tx: Queryable,
  type: 'signup' | 'invite' | 'magiclink' | 'recovery',
  email: string,
  password: string | undefined,
  data: Record<string, unknown>,
): Promise<MintedLink> {
  let u = await findUserByEmail(tx, email, { forUpdate: true });
  if (!u) {
    if (type === 'magiclink' || type === 'recovery') throw errors.userNotFound();
    if (type === 'signup' && !password) throw errors.validation('Signup requires a valid password');
    const randomHash = password ?? (await hashPassword(crypto.randomBytes(32).toString('base64url')));
    u = await insertUser(tx, { email, passwordHash: randomHash, userMetadata: data, confirmed: false });
    if (type === 'invite') await updateUser(tx, u.id, {}, ['invited_at = now()']);
  } else if ((type === 'signup' || type === 'invite') && u.email_confirmed_at) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  const t = mintEmailToken(email, false);
  const slot = type === 'signup' || type === 'invite' ? 'confirmation' : 'recovery';
  await updateUser(tx, u.id, { [`${slot}_token`]: t.stored }, [`${slot}_sent_at = now()`]);
  return { user: (await findUserById(tx, u.id))!, token: t };
}

/**
 * email_change_current / email_change_new: starts the same change PUT /user does (both halves
 * when the current address is confirmed, or when its half is asked for) and returns that link.
 */
async function mintEmailChangeLink(
  tx: Queryable,
  type: 'email_change_current' | 'email_change_new',
  email: string,
  newEmail: string,
): Promise<MintedLink> {
  const u = await findUserByEmail(tx, email, { forUpdate: true });
  if (!u) throw errors.userNotFound();
  if (newEmail === u.email)
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  const taken = await findUserByEmail(tx, newEmail);
  if (taken) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  const toNew = mintEmailToken(newEmail, false);
  // As GoTrue: asking for the current address's link makes that half, confirmed address or not.
  const toCurrent = u.email_confirmed_at || type === 'email_change_current' ? mintEmailToken(email, false) : undefined;
  await updateUser(
    tx,
    u.id,
    {
      email_change: newEmail,
      email_change_token_new: toNew.stored,
      email_change_token_current: toCurrent?.stored ?? null,
      email_change_confirm_status: 0,
    },
    ['email_change_sent_at = now()'],
  );
  return { user: (await findUserById(tx, u.id))!, token: type === 'email_change_current' ? toCurrent! : toNew };
}

/** POST /admin/generate_link: the action link and code, without sending mail. */
export async function generateLink(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  await requireAdmin(ctx, req);
  const body = bodyOf(req);
  const type = str(body, 'type');
  if (!(LINK_TYPES as readonly (string | undefined)[]).includes(type)) {
    throw errors.validation(`Invalid link type: ${LINK_TYPES.join(', ')} expected`);
  }
  const linkType = type as LinkType;
  const email = validateEmail(str(body, 'email'));
  const isEmailChange = linkType === 'email_change_current' || linkType === 'email_change_new';
  const newEmailRaw = str(body, 'new_email');
  if (isEmailChange && !newEmailRaw)
    throw errors.validation('The new email address is required for email change links');
  const newEmail = isEmailChange ? validateEmail(newEmailRaw) : undefined;
  const redirectTo = resolveRedirect(
    ctx,
    queryParam(req, 'redirect_to') ?? str(body, 'redirect_to'),
    ctx.config.siteUrl,
  );
  const password = linkType === 'signup' ? await passwordFromBody(ctx, body, email) : undefined;
  const data = objField(body, 'data') ?? {};

  const { user, token } = await ctx.db.transaction((tx) =>
    isEmailChange
      ? mintEmailChangeLink(tx, linkType, email, newEmail!)
      : mintAccountLink(tx, linkType as 'signup' | 'invite' | 'magiclink' | 'recovery', email, password, data),
  );
  const json = await userJson(ctx.db, user);
  return {
    ...json,
    // Both e-mail-change halves are verified as type=email_change (GoTrue's links do the same).
    action_link: verifyActionLink(
      ctx.config.publicUrl,
      token.stored,
      isEmailChange ? 'email_change' : linkType,
      redirectTo,
    ),
    email_otp: token.code,
    hashed_token: token.stored,
    redirect_to: redirectTo,
    verification_type: linkType,
  };
}

/** POST /invite: creates (or re-invites) an unconfirmed user and mails an invite link (§A.5.6). */
export async function invite(ctx: AppContext, req: FastifyRequest): Promise<unknown> {
  await requireAdmin(ctx, req);
  const body = bodyOf(req);
  const email = validateEmail(str(body, 'email'));
  const data = objField(body, 'data') ?? {};
  const randomHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const { user, token } = await ctx.db.transaction(async (tx) => {
    let u = await findUserByEmail(tx, email, { forUpdate: true });
    if (u?.email_confirmed_at)
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    u ??= await insertUser(tx, { email, passwordHash: randomHash, userMetadata: data, confirmed: false });
    const t = mintEmailToken(email, false);
    await updateUser(tx, u.id, { confirmation_token: t.stored }, [
      'invited_at = now()',
      'confirmation_sent_at = now()',
    ]);
    await auditLog(tx, 'user_invited', null, requestMeta(req).ip, { user_id: u.id });
    return { user: (await findUserById(tx, u.id))!, token: t };
  });
  await sendInvite(ctx, email, token.stored, token.code, queryParam(req, 'redirect_to'));
  return userJson(ctx.db, user);
}
