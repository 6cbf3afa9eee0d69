// fetch for tests that only need the status and headers: the body is read to the end, so the
// keep-alive connection is released and the test server can close without waiting for it.
export async function fetchAnswer(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body };
}
