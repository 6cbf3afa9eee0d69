// One error shape for everything the UI shows: supabase-js auth errors, PostgREST errors,
// function errors and plain exceptions all become an AppError with a human message.
// The message is chosen by the error's code, in the reader's language: the server's own text is
// English, so it is shown as is only to English readers and only for codes without a message here.
import { i18n } from '@/lib/i18n/i18n';

/** Messages for the codes our APIs answer with (functions, PostgREST/PostgreSQL, auth). */
const CODE_MESSAGES: Record<string, string> = {
  rate_limited: /*i18n*/ 'Too many attempts. Please wait a moment and try again.',
  over_request_rate_limit: /*i18n*/ 'Too many attempts. Please wait a moment and try again.',
  not_found: /*i18n*/ 'This item no longer exists.',
  PGRST116: /*i18n*/ 'This item no longer exists.',
  P0002: /*i18n*/ 'This item no longer exists.',
  package_not_found: /*i18n*/ 'This package is not available',
  purchase_not_found: /*i18n*/ 'This purchase was not found.',
  purchases_disabled: /*i18n*/ 'Token purchases are not enabled on this server',
  provider_unavailable: /*i18n*/ 'The payment provider could not be reached. Please try again.',
  not_signed_in: /*i18n*/ 'Your session has expired. Please sign in again.',
  session_not_found: /*i18n*/ 'Your session has expired. Please sign in again.',
  insufficient_tokens: /*i18n*/ 'Insufficient tokens',
  insufficient_aal: /*i18n*/ 'Enter your two-factor code to continue.',
  forbidden: /*i18n*/ 'You do not have permission to do this.',
  '42501': /*i18n*/ 'You do not have permission to do this.',
  mail_failed: /*i18n*/ 'The e-mail could not be sent. Please try again later.',
  expired: /*i18n*/ 'This link has expired',
  invalid_token: /*i18n*/ 'This link is not valid',
  price_changed: /*i18n*/ 'The price changed. Check the cost and confirm again.',
  // Will and legacy, invitations and transfers (database refusals, private.http_refusal).
  legacy_released: /*i18n*/ 'This legacy has already been released.',
  legacy_switch_off: /*i18n*/ 'Their inactivity switch is off: there is nothing to ask for.',
  legacy_paused: /*i18n*/ 'Their inactivity switch is paused. You can ask again after the pause.',
  legacy_request_cooldown: /*i18n*/ 'They refused your last request. You can ask again 30 days after the refusal.',
  kin_already_accepted: /*i18n*/ 'This person has already accepted.',
  invitation_not_found: /*i18n*/ 'This invitation is not valid any more.',
  invitation_answered: /*i18n*/ 'This invitation was already answered.',
  invitation_expired: /*i18n*/ 'This invitation has expired. Ask for a new one.',
  invitation_for_another_address: /*i18n*/ 'This invitation was sent to another address.',
  recipient_opted_out:
    /*i18n*/ 'This address asked not to receive invitations or transfer offers. Tell the person yourself: the link in an earlier e-mail lets them allow these e-mails again.',
  mail_limit: /*i18n*/ 'Too many e-mails of this kind today, from your account or to this address. Try again tomorrow.',
  asset_not_active: /*i18n*/ 'Assets reported lost or stolen cannot be transferred.',
  transfer_not_found: /*i18n*/ 'This transfer offer does not exist.',
  // Business labels and scans (unit-labels-pdf, unit-label-qr, scan-unit).
  invalid_gtin: /*i18n*/ 'This is not a valid barcode number (GTIN): check the digits under the barcode.',
  invalid_range: /*i18n*/ 'The first serial comes after the last one.',
  empty_range: /*i18n*/ 'No units in this range: check the first and last serials.',
  too_many_labels: /*i18n*/ 'Too many labels for one file: print this range in batches.',
};

/** Said when the code has no message here and the reader does not read English. */
const UNKNOWN_CODE = /*i18n*/ 'The request was refused. Check what you entered and try again.';
const GENERIC = /*i18n*/ 'Something went wrong. Please try again.';

/** The message for a refusal's code in the reader's language; the server's English text only for English readers. */
export function messageFor(code: string | undefined, serverMessage: string | undefined): string {
  if (code && CODE_MESSAGES[code]) return i18n._(CODE_MESSAGES[code]);
  if (i18n.locale === 'en' || !i18n.locale) return serverMessage ?? GENERIC;
  return i18n._(serverMessage ? UNKNOWN_CODE : GENERIC);
}
export class AppError extends Error {
  readonly code?: string;
  readonly status?: number;
  readonly details?: string;
  /** PostgreSQL's HINT, which some refusals use to name their reason (e.g. gtin_taken). */
  readonly hint?: string;

  constructor(message: string, opts: { code?: string; status?: number; details?: string; hint?: string } = {}) {
    super(message);
    this.name = 'AppError';
    if (opts.code !== undefined) this.code = opts.code;
    if (opts.status !== undefined) this.status = opts.status;
    if (opts.details !== undefined) this.details = opts.details;
    if (opts.hint !== undefined) this.hint = opts.hint;
  }
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  status?: unknown;
  details?: unknown;
  hint?: unknown;
  error_description?: unknown;
  msg?: unknown;
}

export function toAppError(err: unknown, fallback?: string): AppError {
  if (err instanceof AppError) return err;
  if (err && typeof err === 'object') {
    const e = err as ErrorLike;
    const message = [e.message, e.error_description, e.msg].find((m) => typeof m === 'string' && m.length > 0) as
      string | undefined;
    const opts: { code?: string; status?: number; details?: string; hint?: string } = {};
    if (typeof e.code === 'string') opts.code = e.code;
    if (typeof e.status === 'number') opts.status = e.status;
    if (typeof e.details === 'string') opts.details = e.details;
    if (typeof e.hint === 'string') opts.hint = e.hint;
    return new AppError(message || !fallback ? messageFor(opts.code, message) : fallback, opts);
  }
  if (typeof err === 'string' && err) return new AppError(messageFor(undefined, err));
  return new AppError(fallback ?? i18n._(GENERIC));
}

/**
 * Returns data or throws the error as an AppError — for supabase-js `{ data, error }` results.
 * A supabase-js response is a union (data, or an error and null), so a successful result keeps
 * its non-null type; a hand-built `{ data, error }` falls to the second signature.
 */
export function unwrap<R extends { data: unknown; error: unknown }>(result: R): SuccessData<R> {
  if (result.error) throw toAppError(result.error);
  return result.data as SuccessData<R>;
}

type SuccessData<R extends { data: unknown }> = [Extract<R, { error: null }>] extends [never]
  ? R['data']
  : Extract<R, { error: null }>['data'];
