// Query keys of the assets feature.
export const assetKeys = {
  all: ['assets'] as const,
  mine: (userId: string | undefined) => ['assets', 'mine', userId ?? 'anonymous'] as const,
  list: (userId: string | undefined, filters: unknown) =>
    ['assets', 'mine', userId ?? 'anonymous', 'list', filters] as const,
  detail: (id: string) => ['assets', 'detail', id] as const,
  ledger: (id: string) => ['assets', 'detail', id, 'ledger'] as const,
  proof: (id: string) => ['assets', 'detail', id, 'proof'] as const,
  messages: (id: string) => ['assets', 'detail', id, 'messages'] as const,
  media: (names: string[]) => ['assets', 'media', ...names] as const,
  quote: (input: unknown) => ['assets', 'quote', input] as const,
  publicList: (filters: unknown) => ['assets', 'public', 'list', filters] as const,
  publicDetail: (id: string) => ['assets', 'public', 'detail', id] as const,
  verify: (serial: string) => ['assets', 'verify', serial] as const,
  business: (userId: string | undefined) => ['assets', 'mine', userId ?? 'anonymous', 'business'] as const,
};
