// GET /settings, GET /health and the SSO stub (§A.4.10, §A.4.12).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/context.js';
import { AuthError } from '../errors.js';

const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
];

export async function settings(ctx: AppContext): Promise<unknown> {
  return {
    external: Object.fromEntries(
      PROVIDERS.map((p) => [p, p === 'email' || (p === 'anonymous_users' && ctx.config.anonymousSigninsEnabled)]),
    ),
    disable_signup: ctx.config.disableSignup,
    mailer_autoconfirm: ctx.config.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

export async function health(ctx: AppContext): Promise<unknown> {
  await ctx.db.query('select 1');
  return {
    version: 'tagledger',
    name: 'GoTrue',
    description: `${ctx.config.appName} auth service (GoTrue-compatible)`,
  };
}

/** POST /sso (supabase-js signInWithSSO): GoTrue's answer with SAML off. */
export async function sso(_ctx: AppContext, _req: FastifyRequest): Promise<never> {
  throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
}

/** The issuers GoTrue knows for signInWithIdToken's named providers. */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};

/**
 * POST /token?grant_type=id_token (supabase-js signInWithIdToken). No provider is enabled here;
 * the request is checked and refused in GoTrue's order and words.
 */
export function idTokenGrant(body: Record<string, unknown>): never {
  const provider = typeof body.provider === 'string' ? body.provider : '';
  const idToken = typeof body.id_token === 'string' ? body.id_token : '';
  const clientId = typeof body.client_id === 'string' ? body.client_id : '';
  const issuer = typeof body.issuer === 'string' ? body.issuer : '';
  if (!idToken) throw new AuthError(400, 'validation_failed', 'id_token required');
  if (!provider && (!clientId || !issuer)) {
    throw new AuthError(400, 'validation_failed', 'provider or client_id and issuer required');
  }
  const known = ID_TOKEN_ISSUERS[provider];
  if (known) throw new AuthError(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(known)}) is not enabled`);
  if (provider) {
    throw new AuthError(
      400,
      'validation_failed',
      `Custom OIDC provider ${JSON.stringify(provider.slice(0, 50))} not allowed`,
    );
  }
  throw new AuthError(
    400,
    'provider_disabled',
    `Provider (issuer ${JSON.stringify(issuer.slice(0, 200))}) is not enabled`,
  );
}

/** Third-party OAuth is not offered: every provider is reported disabled in /settings. */
export async function authorize(_ctx: AppContext, req: FastifyRequest): Promise<never> {
  const provider = (req.query as Record<string, unknown> | undefined)?.provider;
  throw new AuthError(
    400,
    'validation_failed',
    `Unsupported provider: ${typeof provider === 'string' ? provider.slice(0, 50) : 'none'}`,
  );
}

export async function callback(): Promise<never> {
  throw new AuthError(400, 'validation_failed', 'OAuth callbacks are not supported: no external provider is enabled');
}
