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

export async function sso(_ctx: AppContext, _req: FastifyRequest): Promise<never> {
  throw new AuthError(404, 'sso_provider_not_found', 'No such SSO provider');
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
