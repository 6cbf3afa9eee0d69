import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { i18n } from '@/lib/i18n/i18n';

interface LoadMoreSentinelProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore(): void;
}

/**
 * Placed after a list: asks for the next page when it scrolls into view (IntersectionObserver),
 * with a button as the fallback for keyboards and browsers without the observer.
 */
export function LoadMoreSentinel({ hasMore, loading, onLoadMore }: LoadMoreSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onLoadMore);
  callback.current = onLoadMore;

  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '400px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div ref={ref} className="flex justify-center py-6">
      {loading ? (
        <Spinner label={i18n._('Loading more articles...')} />
      ) : (
        <button
          type="button"
          className="text-sm font-medium text-blue-700 hover:underline"
          onClick={() => callback.current()}
        >
          {i18n._('Load more')}
        </button>
      )}
    </div>
  );
}
