// Public runtime configuration. The server inlines it into index.html as
// <script id="app-config" type="application/json">{supabaseUrl, storageUrl, anonKey, appName, purchasesEnabled, paymentProviders, vatPercent}</script>;
// under `vite dev` nothing is inlined, so main.tsx awaits loadAppConfig() which fetches /config.json.
import type { OfferedProvider } from '@tagledger/functions-api';

export interface AppConfig {
  supabaseUrl: string;
  /** Origin of user-file URLs (the server's STORAGE_PUBLIC_URL); the API origin when none is set. */
  storageUrl: string;
  anonKey: string;
  appName: string;
  /** Whether the server can sell tokens (a payment provider configured). */
  purchasesEnabled: boolean;
  /** The payment providers configured, with the currencies each takes (decision 0154). */
  paymentProviders: OfferedProvider[];
  /** VAT included in prices, in percent, for receipts; null when none is configured. */
  vatPercent: number | null;
}

const DEFAULT_APP_NAME = 'TagLedger';

function readInlined(): Partial<AppConfig> | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById('app-config');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as Partial<AppConfig>;
  } catch {
    return null;
  }
}

function origin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

const inlined = readInlined();

/** Mutable on purpose: filled once before the app renders (inlined or fetched), read everywhere after. */
export const appConfig: AppConfig = {
  supabaseUrl: inlined?.supabaseUrl ?? origin(),
  storageUrl: inlined?.storageUrl ?? inlined?.supabaseUrl ?? origin(),
  anonKey: inlined?.anonKey ?? '',
  appName: inlined?.appName ?? DEFAULT_APP_NAME,
  purchasesEnabled: inlined?.purchasesEnabled ?? false,
  paymentProviders: inlined?.paymentProviders ?? [],
  vatPercent: inlined?.vatPercent ?? null,
};

/** Resolves once the config is complete. Only fetches when the server did not inline it (vite dev). */
export async function loadAppConfig(): Promise<AppConfig> {
  if (appConfig.anonKey) return appConfig;
  const res = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`Could not load /config.json (${res.status})`);
  const body = (await res.json()) as Partial<AppConfig>;
  // In dev the API lives behind the vite proxy on this origin, whatever publicUrl the server reports.
  appConfig.supabaseUrl = import.meta.env.DEV ? origin() : (body.supabaseUrl ?? origin());
  appConfig.storageUrl = import.meta.env.DEV ? origin() : (body.storageUrl ?? appConfig.supabaseUrl);
  appConfig.anonKey = body.anonKey ?? '';
  appConfig.appName = body.appName ?? DEFAULT_APP_NAME;
  appConfig.purchasesEnabled = body.purchasesEnabled ?? false;
  appConfig.paymentProviders = body.paymentProviders ?? [];
  appConfig.vatPercent = body.vatPercent ?? null;
  return appConfig;
}
