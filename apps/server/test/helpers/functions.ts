// A server function called over HTTP as the web app calls it (POST /functions/v1/<name>, a JSON body,
// the anon key and, when given, the caller's token). The tests read the answer their own way: its
// status and JSON, a file's bytes, or its headers.
import type { TestServer } from './test-server.js';

export function postFunction(
  server: Pick<TestServer, 'url' | 'anonKey'>,
  name: string,
  body: unknown,
  token?: string | null,
): Promise<Response> {
  return fetch(`${server.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      apikey: server.anonKey,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}
