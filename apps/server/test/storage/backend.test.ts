// The file backend: atomic writes, ranges, missing keys, failed streams leave nothing behind,
// stale half-written parts from a crash are swept at start (fresh ones are not).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileBackend } from '../../src/storage/backend.js';

const roots: string[] = [];
function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-backend-'));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

async function text(stream: Readable | null): Promise<string> {
  if (!stream) return '<null>';
  let out = '';
  for await (const c of stream) out += (c as Buffer).toString();
  return out;
}

describe('file backend', () => {
  it('puts, reads whole and ranged, stats, copies and deletes', async () => {
    const b = createFileBackend(tempRoot());
    await b.put('objects/ab/one', Readable.from([Buffer.from('0123456789')]));
    expect(await text(await b.get('objects/ab/one'))).toBe('0123456789');
    expect(await text(await b.get('objects/ab/one', { start: 2, end: 4 }))).toBe('234');
    expect(await b.stat('objects/ab/one')).toEqual({ size: 10 });
    await b.copy('objects/ab/one', 'objects/cd/two');
    expect(await text(await b.get('objects/cd/two'))).toBe('0123456789');
    await b.delete('objects/ab/one');
    await b.delete('objects/ab/one');
    expect(await b.get('objects/ab/one')).toBeNull();
    expect(await b.stat('objects/ab/one')).toBeNull();
  });

  it('leaves nothing behind when the stream fails', async () => {
    const root = tempRoot();
    const b = createFileBackend(root);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(b.put('objects/ab/x', failing)).rejects.toThrow('client went away');
    expect(await b.get('objects/ab/x')).toBeNull();
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('refuses keys that could leave the root', async () => {
    const b = createFileBackend(tempRoot());
    await expect(b.put('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow('invalid storage key');
    await expect(b.get('/etc/passwd')).rejects.toThrow('invalid storage key');
  });

  it('sweeps stale parts at start and keeps fresh ones', () => {
    const root = tempRoot();
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    const stale = path.join(root, '.tmp', 'stale.part');
    const fresh = path.join(root, '.tmp', 'fresh.part');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'y');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    fs.utimesSync(stale, twoDaysAgo, twoDaysAgo);
    createFileBackend(root);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});
