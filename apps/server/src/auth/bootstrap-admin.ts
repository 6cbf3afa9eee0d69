// Ensures the ADMIN_EMAIL/ADMIN_PASSWORD account exists, is confirmed, has that password and has
// role admin in public.user_profiles, and a full name (ADMIN_NAME) so that news bylines, the
// dashboard greeting and the users table show a person rather than a fallback. A name the admin
// set later is kept. Idempotent, and safe when several processes start at once:
// the work runs under a transaction-scoped advisory lock.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../shared/context.js';
import { ConfigError } from '../config/index.js';
import { findUserByEmail, insertUser, markEmailIdentityVerified, normalizeEmail, updateUser } from './models/users.js';
import { hashPassword, verifyPassword } from './services/password.js';
import { passwordWeakness } from './services/password-policy.js';

export async function ensureAdminAccount(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { adminEmail, adminPassword, adminName } = ctx.config;
  if (!adminEmail || !adminPassword) return;
  const email = normalizeEmail(adminEmail);
  // The most powerful account follows the same policy as everyone else: refuse to start instead.
  const weak = passwordWeakness(adminPassword, email, Math.max(8, ctx.config.passwordMinLength));
  if (weak) throw new ConfigError(`Invalid environment:\n  ADMIN_PASSWORD: ${weak.message}`);
  const newHash = await hashPassword(adminPassword);
  const created = await ctx.db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('tagledger.ensure_admin_account'))`);
    let user = await findUserByEmail(tx, email, { forUpdate: true });
    let wasCreated = false;
    if (!user) {
      user = await insertUser(tx, {
        email,
        passwordHash: newHash,
        userMetadata: { full_name: adminName },
        confirmed: true,
      });
      wasCreated = true;
    } else {
      const same = (await verifyPassword(user.encrypted_password, adminPassword)).ok;
      await updateUser(tx, user.id, same ? {} : { encrypted_password: newHash }, [
        'email_confirmed_at = coalesce(email_confirmed_at, now())',
        'banned_until = null',
      ]);
      await markEmailIdentityVerified(tx, user.id, null);
    }
    await tx.query(
      `update public.user_profiles set role = 'admin', full_name = coalesce(full_name, $2)
        where id = $1 and (role <> 'admin' or full_name is null)`,
      [user.id, adminName],
    );
    return wasCreated;
  });
  log.info({ email, created }, 'admin account ensured');
}
