// POST /functions/v1/submit-bug-report (SPEC §2 Bug report, §3 payload, §7, §8).
// A signed-in user sends a description, recent console activity and a viewport screenshot. The
// function checks who is calling, validates types and sizes, stores the screenshot in the private
// bug-screenshots bucket and the report in public.bug_reports (as the service role — nobody may
// insert reports through the data API), tells the admins by e-mail, and answers {id}.
// Every error answer is JSON {error}.
import crypto from 'node:crypto';
import { z } from 'zod';
import { putObject, removeObjects } from '../storage/service.js';
import type { AppContext } from '../shared/context.js';
import { signedInUserId } from './signed-in.js';
import type { ServerFunction } from './types.js';
import type { FunctionRequest } from '@tagledger/functions-api';
import { FunctionError } from './errors.js';
import type { Language, Localized } from '../shared/language.js';

export const BUG_SCREENSHOT_BUCKET = 'bug-screenshots';
export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;
export const MAX_CONSOLE_LOG_BYTES = 100 * 1024;
export const MAX_DESCRIPTION_CHARS = 5000;
/** Per user: at most this many reports per window. */
export const BUG_REPORT_RATE_LIMIT = { limit: 5, windowSeconds: 600 };

const payloadSchema = z.object({
  errorMessage: z
    .string({ error: 'errorMessage must be a string' })
    .trim()
    .min(1, 'Please describe the issue')
    .max(MAX_DESCRIPTION_CHARS, `The description must be at most ${MAX_DESCRIPTION_CHARS} characters`),
  consoleLogs: z.string().optional().default(''),
  screenshotBase64: z.string({ error: 'Screenshot is required' }).min(1, 'Screenshot is required'),
  pageUrl: z.string().max(2000).optional().default(''),
  userAgent: z.string().max(1000).optional().default(''),
  metadata: z
    .object({
      timestamp: z.string().max(64).optional(),
      viewport: z
        .object({ width: z.number().int().min(0).max(100_000), height: z.number().int().min(0).max(100_000) })
        .optional(),
      userRole: z.string().max(40).optional(),
      userId: z.string().max(64).optional(),
    })
    .strip()
    .optional()
    .default({}),
});

type Image = { bytes: Buffer; contentType: 'image/jpeg' | 'image/png'; ext: 'jpg' | 'png' };

class PayloadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Decodes a data URL or bare base64 JPEG/PNG, checking its size before decoding and its magic bytes after. */
export function decodeScreenshot(input: string): Image {
  const match = /^data:(image\/(?:jpeg|jpg|png));base64,/i.exec(input);
  if (input.startsWith('data:') && !match) throw new PayloadError(400, 'The screenshot must be a JPEG or PNG image');
  const b64 = (match ? input.slice(match[0].length) : input).replace(/\s+/g, '');
  if (Math.floor((b64.length * 3) / 4) > MAX_SCREENSHOT_BYTES + 2) {
    throw new PayloadError(413, 'The screenshot is too large (maximum 5 MB)');
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw new PayloadError(400, 'The screenshot is not valid base64');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > MAX_SCREENSHOT_BYTES) throw new PayloadError(413, 'The screenshot is too large (maximum 5 MB)');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { bytes, contentType: 'image/jpeg', ext: 'jpg' };
  }
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { bytes, contentType: 'image/png', ext: 'png' };
  }
  throw new PayloadError(400, 'The screenshot must be a JPEG or PNG image');
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const NOTICE: Localized<{
  subject: (app: string, reporter: string) => string;
  on: (page: string) => string;
  reported: (reporter: string, where: string) => string;
  review: string;
}> = {
  en: {
    subject: (app, reporter) => `[${app}] New bug report from ${reporter}`,
    on: (page) => ` on ${page}`,
    reported: (reporter, where) => `${reporter} reported a bug${where}:`,
    review: 'Review it',
  },
  fr: {
    subject: (app, reporter) => `[${app}] Nouveau signalement de bug de ${reporter}`,
    on: (page) => ` sur ${page}`,
    reported: (reporter, where) => `${reporter} a signalé un bug${where} :`,
    review: 'L’examiner',
  },
};

async function notifyAdmins(
  ctx: AppContext,
  report: { id: string; reporter: string; description: string; pageUrl: string },
  log: { warn(obj: unknown, msg: string): void },
): Promise<void> {
  // An optional notice, not an auth mail: only admins who keep 'email' notifications on (the
  // settings' "e-mails about activity", private.wants_email in 20261122000500) receive it. The
  // report itself is stored either way and listed on /bug-reports.
  const { rows } = await ctx.db.query<{ email: string; language: Language }>(
    `select p.email, private.user_language(p.id) as language from public.user_profiles p
      where p.role = 'admin' and p.email is not null and private.wants_email(p.id, 'email')
      order by p.created_at limit 50`,
  );
  const link = `${ctx.config.siteUrl}/bug-reports`;
  const excerpt = report.description.length > 300 ? `${report.description.slice(0, 300)}…` : report.description;
  // Each admin reads the notice in their own language.
  const notice = (language: Language) => {
    const t = NOTICE[language];
    const where = report.pageUrl ? t.on(report.pageUrl) : '';
    return {
      subject: t.subject(ctx.config.appName, report.reporter),
      text: `${t.reported(report.reporter, where)}\n\n${excerpt}\n\n${t.review}${language === 'fr' ? ' :' : ':'} ${link}\n`,
      html:
        `<p>${escapeHtml(t.reported(report.reporter, where))}</p>` +
        `<blockquote>${escapeHtml(excerpt)}</blockquote><p><a href="${escapeHtml(link)}">${escapeHtml(t.review)}</a></p>`,
    };
  };
  // One failing mailbox must not lose the report or the other notices.
  await Promise.all(
    rows.map((r) =>
      ctx.mailer.send({ to: r.email, ...notice(r.language), link }).catch((err: unknown) => {
        log.warn({ err, to: r.email, report: report.id }, 'bug report notice not sent');
      }),
    ),
  );
}

export const submitBugReport: ServerFunction<'submit-bug-report'> = {
  name: 'submit-bug-report',
  verifyJwt: true,
  // A 5 MB image is ~6.7 MB as base64, plus logs and the rest of the payload.
  bodyLimit: 8 * 1024 * 1024,
  async handler({ ctx, principal, req }) {
    const userId = signedInUserId(principal, 'No valid session');

    if (!(await ctx.rateLimiter.hit(`bug-report:user:${userId}`, BUG_REPORT_RATE_LIMIT))) {
      throw new FunctionError(429, 'Too many bug reports. Please try again in a few minutes.');
    }

    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new FunctionError(400, 'The request body must be a JSON object');
    }
    const raw = body as Record<string, unknown>;
    if (typeof raw.consoleLogs === 'string' && Buffer.byteLength(raw.consoleLogs, 'utf8') > MAX_CONSOLE_LOG_BYTES) {
      throw new FunctionError(413, 'The console logs are too large (maximum 100 KB)');
    }
    const parsed = payloadSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.');
      throw new FunctionError(
        400,
        field && !issue.message.startsWith('Please') && !issue.message.startsWith('Screenshot')
          ? `${field}: ${issue.message}`
          : issue.message,
      );
    }
    // The schema's output must be a request of the functions' contract.
    const payload = parsed.data satisfies FunctionRequest<'submit-bug-report'>;

    let image: Image;
    try {
      image = decodeScreenshot(payload.screenshotBase64);
    } catch (err) {
      if (err instanceof PayloadError) throw new FunctionError(err.status, err.message);
      throw err;
    }

    const { rows: profiles } = await ctx.db.query<{ email: string | null; full_name: string | null; role: string }>(
      'select email, full_name, role from public.user_profiles where id = $1',
      [userId],
    );
    const profile = profiles[0];
    const email = profile?.email ?? (typeof principal.claims.email === 'string' ? principal.claims.email : null);

    const id = crypto.randomUUID();
    const screenshotPath = `${userId}/${id}.${image.ext}`;
    await putObject(ctx, {
      bucket: BUG_SCREENSHOT_BUCKET,
      name: screenshotPath,
      body: image.bytes,
      contentType: image.contentType,
      ownerId: userId,
    });
    try {
      await ctx.db.query(
        `insert into public.bug_reports
           (id, user_id, user_email, user_name, error_message, console_logs, page_url, user_agent, metadata, screenshot_path)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          userId,
          email,
          profile?.full_name ?? null,
          payload.errorMessage,
          payload.consoleLogs || null,
          payload.pageUrl || null,
          payload.userAgent || null,
          // Who sent it comes from the verified token and the profile, not from the client's claims.
          JSON.stringify({ ...payload.metadata, userId, userRole: profile?.role ?? 'standard' }),
          screenshotPath,
        ],
      );
    } catch (err) {
      // Do not leave an orphaned screenshot behind.
      await removeObjects(ctx, BUG_SCREENSHOT_BUCKET, [screenshotPath]).catch(() => undefined);
      throw err;
    }

    await notifyAdmins(
      ctx,
      {
        id,
        reporter: profile?.full_name || email || userId,
        description: payload.errorMessage,
        pageUrl: payload.pageUrl,
      },
      req.log,
    );
    return { id };
  },
};
