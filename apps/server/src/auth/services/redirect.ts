// The one check for every redirect target the auth service puts in a mail link or a Location
// header (sign-up, recover, OTP/magic link, resend, e-mail change, invite, GET /verify,
// generate_link) — security issue, hole 9. Allowed: the SITE_URL origin, and URLs matching an
// ADDITIONAL_REDIRECT_URLS pattern with GoTrue's URI allow-list wildcards. Anything else falls
// back to a SITE_URL page; it is never an error (SUPABASE-PROTOCOL §A.7).
import type { AppContext } from '../../shared/context.js';

const compiled = new Map<string, RegExp>();

/**
 * A GoTrue allow-list pattern as a regular expression over the whole URL: `**` matches any
 * characters, `*` any run of characters other than the separators `.` and `/` (so
 * `https://*.example.com/**` covers `https://app.example.com/x` but not
 * `https://evil.test/.example.com/`); everything else is literal.
 */
export function allowListPattern(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    const body = pattern
      .split('**')
      .map((part) =>
        part
          .split('*')
          .map((lit) => lit.replace(/[\\^$.|?+()[\]{}]/g, '\\$&'))
          .join('[^./]*'),
      )
      .join('.*');
    re = new RegExp(`^${body}$`);
    compiled.set(pattern, re);
  }
  return re;
}

/** The normalised target when it is allowed, else undefined. */
export function allowedRedirect(ctx: AppContext, raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Credentials in a URL only serve to make `https://site@evil.test` look like the site.
  if (url.username || url.password) return undefined;
  // The normalised form is both what is checked and what is used, so a parser quirk
  // (backslashes, odd case, default ports) cannot make them differ.
  const href = url.href;
  if (url.origin === new URL(ctx.config.siteUrl).origin) return href;
  return ctx.config.additionalRedirectUrls.some((p) => allowListPattern(p).test(href)) ? href : undefined;
}

/** The caller's redirect URL if allowed, else the fallback. */
export function resolveRedirect(ctx: AppContext, raw: unknown, fallback: string): string {
  return (typeof raw === 'string' && raw ? allowedRedirect(ctx, raw) : undefined) ?? fallback;
}
