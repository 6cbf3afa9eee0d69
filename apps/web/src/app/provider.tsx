// Composition root: query cache, the one auth provider, and the router.
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { router } from './router';

export function AppProvider() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider
        onUserChanged={() => queryClient.clear()}
        onSignedOut={() => {
          // Sign-out always returns to '/'; if client navigation fails, load it directly.
          router.navigate('/').catch(() => window.location.assign('/'));
        }}
      >
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
