// Budgets of the contact-owner relay (counted in private.rate_limits, shared by every server).
// Relays are counted per confirmed sender (the normalised address), never per owner or item:
// one abuser spending their own budget cannot refuse another finder. Confirmation mails are
// counted per address and per client IP so the relay is not a way to mail strangers in bulk.
import type { RateLimitRule } from '../shared/rate-limit.js';

const DAY = 86_400;
const HOUR = 3_600;

/** Confirmation e-mails sent to one address. */
export const CONFIRM_MAILS_PER_ADDRESS: RateLimitRule = { limit: 5, windowSeconds: HOUR };
/** Confirmation e-mails requested from one client IP. */
export const CONFIRM_MAILS_PER_IP: RateLimitRule = { limit: 10, windowSeconds: HOUR };
/** Messages one confirmed sender may relay to one owner. */
export const RELAYS_PER_SENDER_AND_OWNER: RateLimitRule = { limit: 3, windowSeconds: DAY };
/** Messages one confirmed sender may relay to anyone. */
export const RELAYS_PER_SENDER: RateLimitRule = { limit: 10, windowSeconds: DAY };

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_SECONDS = DAY;

export const limitKeys = {
  confirmMailsForAddress: (senderKey: string) => `contact-owner:confirm:address:${senderKey}`,
  confirmMailsForIp: (ip: string) => `contact-owner:confirm:ip:${ip}`,
  relaysToOwner: (senderKey: string, ownerId: string) => `contact-owner:relay:${ownerId}:${senderKey}`,
  relays: (senderKey: string) => `contact-owner:relay:${senderKey}`,
};
