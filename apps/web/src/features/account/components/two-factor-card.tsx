// Two-factor authentication (TOTP): set up with a QR code or the secret, confirm with a code,
// and turn off again after entering a current code.
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import {
  useCancelEnrollment,
  useDisableTotp,
  useEnrollTotp,
  useTotpFactors,
  useVerifyTotp,
  type Enrollment,
} from '../api/mfa';
import { CodeForm } from './code-form';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';

/** supabase-js prefixes the server's SVG markup with this, without percent-encoding it. */
const UNENCODED_SVG_URL = /^data:image\/svg\+xml;(?:charset=)?utf-8,(?=\s*<)/i;

/**
 * An <img> URL for the enrolment's QR code, which arrives as SVG markup, as markup behind an
 * unencoded data-URL prefix (what supabase-js makes of it) or as a proper data URL. Markup is always
 * percent-encoded here: a `#` in it (a hex colour) would otherwise end the URL and break the image.
 */
export function qrImageSrc(qr: string): string {
  const markup = qr.replace(UNENCODED_SVG_URL, '');
  if (!markup.trimStart().startsWith('<')) return qr;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
}

function EnrollmentPanel({ enrollment, userId, onDone }: { enrollment: Enrollment; userId: string; onDone(): void }) {
  const verify = useVerifyTotp(userId);
  const cancel = useCancelEnrollment(userId);
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>{i18n._('Open an authenticator app (for example Aegis, 2FAS, Google Authenticator or 1Password).')}</li>
        <li>{i18n._('Scan this QR code, or type the secret key.')}</li>
        <li>{i18n._('Enter the 6-digit code the app shows.')}</li>
      </ol>
      <div className="flex flex-wrap items-center gap-6">
        <img
          src={qrImageSrc(enrollment.qrCode)}
          alt={i18n._('QR code for your authenticator app')}
          width={176}
          height={176}
          className="h-44 w-44 rounded border border-slate-200 bg-white p-2"
        />
        <div className="text-sm">
          <p className="text-slate-600">{i18n._('Secret key')}</p>
          <code
            className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900"
            data-testid="totp-secret"
          >
            {enrollment.secret}
          </code>
        </div>
      </div>
      <CodeForm
        label={i18n._('Confirm two-factor setup')}
        submitLabel={i18n._('Verify and turn on')}
        busyLabel={i18n._('Verifying...')}
        onCancel={() => {
          cancel.mutate(enrollment.factorId);
          onDone();
        }}
        onSubmit={(code) =>
          verify.mutateAsync({ factorId: enrollment.factorId, code }).then(
            () => {
              toast.success(i18n._('Two-factor authentication is on'));
              onDone();
            },
            (err: unknown) => {
              toast.error(toAppError(err, i18n._('That code did not work')).message);
              throw err;
            },
          )
        }
      />
    </div>
  );
}

export function TwoFactorCard({ userId }: { userId: string }) {
  const factors = useTotpFactors(userId);
  const enroll = useEnrollTotp(userId);
  const disable = useDisableTotp(userId);
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [disabling, setDisabling] = useState(false);

  if (factors.isPending) return <Spinner showLabel label={i18n._('Loading two-factor status...')} />;
  if (factors.isError) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-red-700">
          {i18n._('Could not load two-factor status:')} {toAppError(factors.error).message}
        </p>
        <Button variant="outline" onClick={() => factors.refetch()}>
          {i18n._('Retry')}
        </Button>
      </div>
    );
  }
  const active = factors.data.find((f) => f.status === 'verified');

  if (enrollment) return <EnrollmentPanel enrollment={enrollment} userId={userId} onDone={() => setEnrollment(null)} />;

  if (active) {
    return (
      <div className="space-y-4">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <Badge tone="success">{i18n._('Enabled')}</Badge> {i18n._('Authenticator app added on')}{' '}
          {formatDate(active.created_at, { month: 'long' })}
          {i18n._('. Signing in asks for a code.')}
        </p>
        {disabling ? (
          <CodeForm
            label={i18n._('Turn off two-factor authentication')}
            submitLabel={i18n._('Turn off')}
            busyLabel={i18n._('Turning off...')}
            variant="danger"
            onCancel={() => setDisabling(false)}
            onSubmit={(code) =>
              disable.mutateAsync({ factorId: active.id, code }).then(
                () => {
                  toast.success(i18n._('Two-factor authentication is off'));
                  setDisabling(false);
                },
                (err: unknown) => {
                  toast.error(toAppError(err, i18n._('Could not turn off two-factor authentication')).message);
                  throw err;
                },
              )
            }
          />
        ) : (
          <Button variant="outline" onClick={() => setDisabling(true)}>
            {i18n._('Turn off two-factor authentication')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        <Badge tone="neutral">{i18n._('Off')}</Badge>{' '}
        {i18n._(
          'Add a code from an authenticator app to every sign-in, so a stolen password alone cannot open your account.',
        )}
      </p>
      <Button
        loading={enroll.isPending}
        onClick={() =>
          enroll
            .mutateAsync()
            .then(
              setEnrollment,
              (err: unknown) => void toast.error(toAppError(err, i18n._('Could not start two-factor setup')).message),
            )
        }
      >
        {i18n._('Set up two-factor authentication')}
      </Button>
    </div>
  );
}
