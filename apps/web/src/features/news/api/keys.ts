// Query keys of the news feature. Every mutation invalidates newsKeys.all.
export const newsKeys = {
  all: ['news'] as const,
  published: (category: string | null) => ['news', 'published', category ?? 'all'] as const,
  categories: () => ['news', 'categories'] as const,
  admin: () => ['news', 'admin'] as const,
  counts: () => ['news', 'counts'] as const,
};
