// Screens get the query cache through this wrapper instead of a provider at the root, so the
// landing page's initial bundle does not include TanStack Query. Every wrapper shares the one
// `queryClient`, so the cache is the same across screens and the header.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { queryClient } from './query-client';

export function QueryBoundary({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryBoundary>
        <Component {...props} />
      </QueryBoundary>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name ?? 'Screen'})`;
  return WithQueryClient;
}
