// The HTTP request of a server function call: POST /functions/v1/<name> with a JSON body, the anon key
// and, when there is one, the caller's access token. Written once for the app's calls (call-function.ts)
// and for the calls a returning user's page sends before the app has started (early-requests.ts), so
// that both are the very same request.
import { appConfig } from './app-config';

export function functionRequest(name: string, body: unknown, accessToken: string | undefined): [string, RequestInit] {
  return [
    `${appConfig.supabaseUrl}/functions/v1/${name}`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: appConfig.anonKey,
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
    },
  ];
}
