// Error boundary for every screen: a crash in one screen never blanks the app, and the view
// offers a way back. A failed chunk load (new deploy, flaky network) makes the browser load
// the URL directly, once.
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { i18n } from '@/lib/i18n/i18n';

const RELOAD_FLAG = 'tl:chunk-reload';

export function isChunkLoadError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(
    message,
  );
}

export function ErrorView({ error }: { error: unknown }) {
  const location = useLocation();
  const navigate = useNavigate();
  const target = `${location.pathname}${location.search}${location.hash}`;
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (!chunkError) return;
    // Client navigation failed: go straight to the URL, once (a second failure shows the view).
    if (sessionStorage.getItem(RELOAD_FLAG) === target) return;
    sessionStorage.setItem(RELOAD_FLAG, target);
    window.location.assign(target);
  }, [chunkError, target]);

  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{i18n._('Something went wrong')}</h1>
      <p className="mt-3 text-slate-600">
        {chunkError
          ? i18n._('This page could not be loaded. Check your connection and try again.')
          : i18n._('Something went wrong while showing this page.')}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => navigate(target, { replace: true })}>{i18n._('Try again')}</Button>
        <Link to="/" className={buttonClasses('outline')}>
          {i18n._('Go to the home page')}
        </Link>
      </div>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (a new navigation), the boundary clears its error. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: unknown;
  key: string | undefined;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isChunkLoadError(error)) console.error('Screen crashed:', error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorView error={this.state.error} /> : this.props.children;
  }
}
