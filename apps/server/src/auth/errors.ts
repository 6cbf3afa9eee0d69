// AuthError and its wire format (SUPABASE-PROTOCOL §A.2.3). Handlers throw; the auth plugin's
// error handler is the only place that serialises errors, in the dialect the request asked for.
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ErrorCode =
  | 'unknown'
  | 'unexpected_failure'
  | 'validation_failed'
  | 'bad_json'
  | 'email_exists'
  | 'phone_exists'
  | 'bad_jwt'
  | 'not_admin'
  | 'no_authorization'
  | 'user_not_found'
  | 'session_not_found'
  | 'session_expired'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'signup_disabled'
  | 'user_banned'
  | 'email_provider_disabled'
  | 'phone_provider_disabled'
  | 'too_many_enrolled_mfa_factors'
  | 'mfa_factor_name_conflict'
  | 'mfa_factor_not_found'
  | 'mfa_challenge_expired'
  | 'mfa_verification_failed'
  | 'insufficient_aal'
  | 'email_not_confirmed'
  | 'phone_not_confirmed'
  | 'user_already_exists'
  | 'sso_provider_not_found'
  | 'conflict'
  | 'provider_disabled'
  | 'reauthentication_needed'
  | 'same_password'
  | 'reauthentication_not_valid'
  | 'otp_expired'
  | 'otp_disabled'
  | 'weak_password'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'bad_code_verifier'
  | 'anonymous_provider_disabled'
  | 'invalid_credentials'
  | 'email_address_invalid'
  | 'web3_provider_disabled'
  | 'request_entity_too_large'
  | 'flow_state_already_used'
  | 'feature_disabled'
  | 'not_found'
  | 'manual_linking_disabled'
  | 'saml_provider_disabled';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The OAuth-style third shape ({error, error_description}), used by a few token-grant failures. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const API_VERSION_2024 = '2024-01-01';

/** True when X-Supabase-Api-Version is a date on or after 2024-01-01 (the official client's value). */
export function wantsNewDialect(req: FastifyRequest): boolean {
  const raw = req.headers['x-supabase-api-version'];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(t) && t >= Date.parse('2024-01-01T00:00:00Z');
}

export function sendAuthError(req: FastifyRequest, reply: FastifyReply, err: AuthError | OAuthError): FastifyReply {
  if (err instanceof OAuthError) {
    return reply.status(400).send({ error: err.error, error_description: err.description });
  }
  reply.header('x-sb-error-code', err.errorCode);
  if (wantsNewDialect(req)) {
    reply.header('x-supabase-api-version', API_VERSION_2024);
    // The 2024 shape, plus error_code/msg so the body stays readable if a proxy drops the header.
    return reply
      .status(err.status)
      .send({ code: err.errorCode, message: err.message, error_code: err.errorCode, msg: err.message, ...err.extra });
  }
  return reply.status(err.status).send({ code: err.status, error_code: err.errorCode, msg: err.message, ...err.extra });
}

/**
 * Any error under /auth/v1 — a handler's, or one raised by the framework (body limits, parse
 * failures, bad URLs) — in GoTrue's shape; unexpected ones are logged and answered without detail.
 */
export function sendAnyAuthError(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof AuthError || err instanceof OAuthError) return sendAuthError(req, reply, err);
  const fe = err as { code?: string; statusCode?: number; message?: string };
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
    return sendAuthError(req, reply, new AuthError(413, 'request_entity_too_large', 'Request body too large'));
  }
  if (fe.code === 'FST_ERR_BAD_URL' || fe.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendAuthError(req, reply, new AuthError(400, 'validation_failed', 'Invalid request path'));
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return sendAuthError(req, reply, new AuthError(fe.statusCode, 'validation_failed', fe.message ?? 'Bad request'));
  }
  req.log.error({ err }, 'auth: unexpected error');
  return sendAuthError(
    req,
    reply,
    new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
  );
}

// Constructors for the errors used in several places, with GoTrue's exact texts.
export const errors = {
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  banned: (status = 400) => new AuthError(status, 'user_banned', 'User is banned'),
  rateLimited: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  mailFrequency: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  weakPassword: (message: string, reasons: string[]) =>
    new AuthError(422, 'weak_password', message, { weak_password: { reasons } }),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  otpExpired: (hash: boolean) =>
    new AuthError(
      403,
      'otp_expired',
      hash ? 'Email link is invalid or has expired' : 'Token has expired or is invalid',
    ),
};
