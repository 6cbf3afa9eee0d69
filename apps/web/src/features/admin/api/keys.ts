// Query keys of the admin dashboard; everything lives under adminKeys.all so one invalidation
// after an action refreshes figures, the users table, requests and the audit log.
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  users: (filters: unknown, after: unknown) => ['admin', 'users', filters, after] as const,
  requests: () => ['admin', 'business-requests'] as const,
  audit: () => ['admin', 'audit'] as const,
  failedMails: () => ['admin', 'failed-mails'] as const,
  prefixes: (status: string) => ['admin', 'gs1-prefixes', status] as const,
};
