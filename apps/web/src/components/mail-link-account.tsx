// The two answers a page opened from a mail's link (a transfer offer, a next-of-kin invitation)
// gives to someone who cannot answer it yet: signed out, sign in or create an account with the
// address it was sent to and come back (?next=); signed in as someone else, switch account.
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

/** `here`: the page's path and query, where signing in comes back to. */
export function SignInToAnswer({ here, message, signInLabel }: { here: string; message: string; signInLabel: string }) {
  const next = encodeURIComponent(here);
  return (
    <>
      <p className="text-slate-800">{message}</p>
      <div className="flex flex-wrap gap-2">
        <Link className={buttonClasses('primary')} to={`${paths.auth}?next=${next}`}>
          {signInLabel}
        </Link>
        <Link className={buttonClasses('outline')} to={`${paths.signup}?next=${next}`}>
          {i18n._('Create an account')}
        </Link>
      </div>
    </>
  );
}

/** `notForYou` says whom the link is for and who is signed in; `advice` how to answer it. */
export function SwitchAccount({ here, notForYou, advice }: { here: string; notForYou: string; advice: string }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <>
      <p role="alert" className="text-slate-900">
        {notForYou}
      </p>
      <p className="text-slate-800">{advice}</p>
      <div>
        <Button
          variant="outline"
          onClick={() =>
            void signOut().then(() => navigate(`${paths.auth}?next=${encodeURIComponent(here)}`, { replace: true }))
          }
        >
          {i18n._('Switch account')}
        </Button>
      </div>
    </>
  );
}
