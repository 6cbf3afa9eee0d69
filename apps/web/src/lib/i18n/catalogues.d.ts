// Provided by scripts/vite-catalogues.ts: one piece of the split catalogues, fetched on demand.
declare module 'virtual:catalogues' {
  /** The compiled messages of a piece ("shell" or a screen key) in a language; {} when it has none. */
  export function fetchCatalogue(locale: string, key: string): Promise<Record<string, unknown>>;
  /** Under Vitest, every piece's key (so tests can load all of them); empty in the browser. */
  export const catalogueKeys: string[];
}
