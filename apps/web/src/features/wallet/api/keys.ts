// Query keys of the wallet feature. Everything under walletKeys.all(userId) belongs to one user's
// wallet, so a single invalidateQueries({ queryKey: walletKeys.all(userId) }) after a movement
// refreshes the header balance, the summary and the history together.
export const walletKeys = {
  root: ['wallet'] as const,
  all: (userId: string | undefined) => ['wallet', userId ?? 'anonymous'] as const,
  balance: (userId: string | undefined) => ['wallet', userId ?? 'anonymous', 'balance'] as const,
  summary: (userId: string | undefined) => ['wallet', userId ?? 'anonymous', 'summary'] as const,
  transactions: (userId: string | undefined, filters: unknown) =>
    ['wallet', userId ?? 'anonymous', 'transactions', filters] as const,
};
