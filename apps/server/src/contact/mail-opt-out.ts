// The link at the end of every invitation and transfer offer, where its recipient stops such mails
// from that sender or from everyone (decision 0146). It carries a token signed with the server's key
// (ctx.keys, as signed storage URLs are): scope 'mail-opt-out', the sender's user id, and the
// SHA-256 of the recipient's address key (private.mail_recipient_hash) — a JWT's payload is
// readable, so never the address itself. A user access token has none of these claims, and this
// token has no role, so neither can pass for the other. The database keeps what was stopped
// (private.mail_opt_outs) and refuses the invitation or offer (private.check_unsolicited_mail).
import type { Queryable } from '@tagledger/db';
import type { Keys } from '../shared/keys.js';

export const OPT_OUT_SCOPE = 'mail-opt-out';
/** The link keeps working for two years; later mails carry fresh ones. */
export const OPT_OUT_TOKEN_SECONDS = 2 * 365 * 24 * 3600;

export interface OptOutClaims {
  /** SHA-256 (hex) of the recipient's address key. */
  recipientHash: string;
  senderId: string;
}

/** `recipientHash` is the database's private.mail_recipient_hash(address), read with the mail's event. */
export function signOptOutToken(keys: Keys, recipientHash: string, senderId: string): Promise<string> {
  return keys.sign({ scope: OPT_OUT_SCOPE, rh: recipientHash, snd: senderId }, OPT_OUT_TOKEN_SECONDS);
}

/** The claims of a valid opt-out token, or undefined for anything else (forged, expired, another scope). */
export async function verifyOptOutToken(keys: Keys, token: string): Promise<OptOutClaims | undefined> {
  try {
    const claims = await keys.verify(token);
    if (claims.scope !== OPT_OUT_SCOPE || claims.role !== undefined) return undefined;
    const { rh, snd } = claims;
    if (typeof rh !== 'string' || !/^[0-9a-f]{64}$/.test(rh)) return undefined;
    if (typeof snd !== 'string' || !/^[0-9a-f-]{36}$/.test(snd)) return undefined;
    return { recipientHash: rh, senderId: snd };
  } catch {
    return undefined;
  }
}

export type OptOutScope = 'sender' | 'everyone';

export interface OptOutState {
  sender: boolean;
  everyone: boolean;
}

export async function optOutState(db: Queryable, claims: OptOutClaims): Promise<OptOutState> {
  const { rows } = await db.query<{ sender: boolean; everyone: boolean }>(
    `select coalesce(bool_or(sender_id = $2), false) as sender, coalesce(bool_or(sender_id is null), false) as everyone
       from private.mail_opt_outs where recipient_hash = $1`,
    [claims.recipientHash, claims.senderId],
  );
  return rows[0] ?? { sender: false, everyone: false };
}

/** Stops (or allows again) the mails of one scope; idempotent. */
export async function setOptOut(
  db: Queryable,
  claims: OptOutClaims,
  scope: OptOutScope,
  stopped: boolean,
): Promise<void> {
  const sender = scope === 'sender' ? claims.senderId : null;
  if (stopped) {
    // The sender may have deleted their account since: then there is no one left to stop.
    await db.query(
      `insert into private.mail_opt_outs (recipient_hash, sender_id)
       select $1, $2::uuid where $2::uuid is null or exists (select 1 from auth.users u where u.id = $2::uuid)
       on conflict do nothing`,
      [claims.recipientHash, sender],
    );
  } else {
    await db.query(
      'delete from private.mail_opt_outs where recipient_hash = $1 and sender_id is not distinct from $2::uuid',
      [claims.recipientHash, sender],
    );
  }
}
