// Two-factor authentication (TOTP): set up with a QR code or the secret, confirm with a code,
// and turn off again after entering a current code.
import { useState } from 'react';
import { format } from 'date-fns';
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
        <li>Open an authenticator app (for example Aegis, 2FAS, Google Authenticator or 1Password).</li>
        <li>Scan this QR code, or type the secret key.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-6">
        <img src={qrImageSrc(enrollment.qrCode)} alt="QR code for your authenticator app" className="h-44 w-44 rounded border border-slate-200 bg-white p-2" />
        <div className="text-sm">
          <p className="text-slate-600">Secret key</p>
          <code className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900" data-testid="totp-secret">
            {enrollment.secret}
          </code>
        </div>
      </div>
      <CodeForm
        label="Confirm two-factor setup"
        submitLabel="Verify and turn on"
        busyLabel="Verifying..."
        onCancel={() => {
          cancel.mutate(enrollment.factorId);
          onDone();
        }}
        onSubmit={(code) =>
          verify.mutateAsync({ factorId: enrollment.factorId, code }).then(
            () => {
              toast.success('Two-factor authentication is on');
              onDone();
            },
            (err: unknown) => {
              toast.error(toAppError(err, 'That code did not work').message);
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

  if (factors.isPending) return <Spinner showLabel label="Loading two-factor status..." />;
  if (factors.isError) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-red-700">Could not load two-factor status: {toAppError(factors.error).message}</p>
        <Button variant="outline" onClick={() => factors.refetch()}>
          Retry
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
          <Badge tone="success">Enabled</Badge> Authenticator app added on {format(new Date(active.created_at), 'MMMM d, yyyy')}. Signing in asks for a
          code.
        </p>
        {disabling ? (
          <CodeForm
            label="Turn off two-factor authentication"
            submitLabel="Turn off"
            busyLabel="Turning off..."
            variant="danger"
            onCancel={() => setDisabling(false)}
            onSubmit={(code) =>
              disable.mutateAsync({ factorId: active.id, code }).then(
                () => {
                  toast.success('Two-factor authentication is off');
                  setDisabling(false);
                },
                (err: unknown) => {
                  toast.error(toAppError(err, 'Could not turn off two-factor authentication').message);
                  throw err;
                },
              )
            }
          />
        ) : (
          <Button variant="outline" onClick={() => setDisabling(true)}>
            Turn off two-factor authentication
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        <Badge tone="neutral">Off</Badge> Add a code from an authenticator app to every sign-in, so a stolen password alone cannot open your account.
      </p>
      <Button
        loading={enroll.isPending}
        onClick={() =>
          enroll.mutateAsync().then(setEnrollment, (err: unknown) => void toast.error(toAppError(err, 'Could not start two-factor setup').message))
        }
      >
        Set up two-factor authentication
      </Button>
    </div>
  );
}
