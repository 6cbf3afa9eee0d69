import { QueryClient } from '@tanstack/react-query';

// One cache for the app. Server state lives here only (never copied into component state).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: 0 },
  },
});
