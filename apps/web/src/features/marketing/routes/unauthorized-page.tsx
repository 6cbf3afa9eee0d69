import { Link } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export default function UnauthorizedPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <PageMeta title={i18n._('Access denied')} description={i18n._('You do not have permission to open this page.')} />
      <p className="text-sm font-semibold uppercase tracking-wide text-red-700">403</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{i18n._('Access denied')}</h1>
      <p className="mt-4 text-slate-700">
        {i18n._(
          'Your account does not have the role this page needs. If you believe that is a mistake, ask an administrator.',
        )}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={paths.dashboard}
          className="rounded-md bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700"
        >
          {i18n._('Go to dashboard')}
        </Link>
        <Link
          to={paths.home}
          className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
        >
          {i18n._('Home')}
        </Link>
      </div>
    </div>
  );
}
