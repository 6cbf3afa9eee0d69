// Compiled by @lingui/vite-plugin when imported.
declare module '*.po' {
  export const messages: Record<string, unknown>;
}
