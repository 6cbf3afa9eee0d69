// What the fake payment providers (fake-stripe.ts, fake-paystack.ts, fake-mtn-momo.ts) need of
// Node's HTTP server on both sides of a call: the request's body as text, and a JSON answer.
import type http from 'node:http';

/** The whole request body, as UTF-8 text. */
export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Answers `status` with `body` as JSON; without a body, the status alone (MTN's 202 and 200s). */
export function sendJson(res: http.ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
