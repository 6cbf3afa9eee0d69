// A local RFC 3161 time-stamping authority for tests: OpenSSL's `ts -reply` answers each
// application/timestamp-query POSTed to it, signing with a TSA certificate (extended key usage
// timeStamping, critical) issued by a throwaway CA. Keys are P-256, made once per authority.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LocalTsa {
  /** POST time-stamp queries here. */
  url: string;
  /** The CA's certificate (PEM): what verifiers trust. */
  caCertPem: string;
  /** The TSA's own certificate (PEM). */
  tsaCertPem: string;
  caCertFile: string;
  /** Requests answered. */
  requests: number;
  close(): Promise<void>;
}

export async function startLocalTsa(opts: { name?: string } = {}): Promise<LocalTsa> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-tsa-'));
  const file = (name: string) => path.join(dir, name);
  const name = opts.name ?? 'TagLedger Test TSA';
  fs.writeFileSync(file('serial'), '01\n');
  fs.writeFileSync(
    file('ext.cnf'),
    [
      '[ tsa_ext ]',
      'basicConstraints = CA:FALSE',
      'keyUsage = critical, digitalSignature',
      'extendedKeyUsage = critical, timeStamping',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    file('ts.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa_config',
      '[ tsa_config ]',
      `serial = ${file('serial')}`,
      'crypto_device = builtin',
      `signer_cert = ${file('tsa.crt')}`,
      `signer_key = ${file('tsa.key')}`,
      'signer_digest = sha256',
      'default_policy = 1.3.6.1.4.1.4146.2.3',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = no',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await run('openssl', [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-days',
    '3650',
    '-subj',
    '/CN=TagLedger Test TSA Root',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  ]);
  await run('openssl', ['req', ...ec, '-keyout', file('tsa.key'), '-out', file('tsa.csr'), '-subj', `/CN=${name}`]);
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    file('tsa.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('tsa.crt'),
    '-days',
    '3650',
    '-extfile',
    file('ext.cnf'),
    '-extensions',
    'tsa_ext',
  ]);

  let queue = Promise.resolve();
  const tsa: LocalTsa = {
    url: '',
    caCertPem: fs.readFileSync(file('ca.crt'), 'utf8'),
    tsaCertPem: fs.readFileSync(file('tsa.crt'), 'utf8'),
    caCertFile: file('ca.crt'),
    requests: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // One at a time: OpenSSL keeps the serial number in a file.
      queue = queue.then(async () => {
        if (req.method !== 'POST' || req.headers['content-type'] !== 'application/timestamp-query') {
          res.writeHead(400).end();
          return;
        }
        const query = file(`q-${tsa.requests}.tsq`);
        const reply = file(`r-${tsa.requests}.tsr`);
        fs.writeFileSync(query, Buffer.concat(chunks));
        try {
          await run('openssl', ['ts', '-reply', '-config', file('ts.cnf'), '-queryfile', query, '-out', reply]);
          tsa.requests++;
          res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(fs.readFileSync(reply));
        } catch {
          res.writeHead(500).end();
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tsa.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  return tsa;
}
