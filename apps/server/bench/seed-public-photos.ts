// Seeds a running server (started with DATABASE_URL and MAILER_AUTOCONFIRM=true) with 24 public
// assets, each with one 1600×1200 photo, for the /public-assets Lighthouse measurement of image
// bytes (bench/RESULTS.md). The photos are noisy gradients, so they compress like real photos.
//   npx tsx bench/seed-public-photos.ts http://127.0.0.1:3400 postgres://…/database
import crypto from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import { clientOptions } from '../test/helpers/test-server.js';

const [base = 'http://127.0.0.1:3400', databaseUrl = process.env.DATABASE_URL] = process.argv.slice(2);
const ASSETS = 24;

async function photo(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 7919;
  for (let i = 0; i < pixels.length; i += 3) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 3;
    const noise = x % 48;
    pixels[i] = ((p % width) / width) * 200 + noise;
    pixels[i + 1] = (Math.floor(p / width) / height) * 200 + noise;
    pixels[i + 2] = ((seed * 37) % 200) + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function main(): Promise<void> {
  const settings = (await (await fetch(`${base}/config.json`).catch(() => undefined))?.json().catch(() => null)) as {
    anonKey?: string;
  } | null;
  const anonKey = process.env.ANON_KEY ?? settings?.anonKey;
  if (!anonKey) throw new Error('set ANON_KEY (the server prints it in its public config)');
  const supabase = createClient(base, anonKey, clientOptions());
  const email = `photos-${crypto.randomUUID()}@example.com`;
  const password = `Pw-${crypto.randomUUID()}`;
  const signUp = await supabase.auth.signUp({ email, password, options: { data: { full_name: 'Photo Seeder' } } });
  if (signUp.error) throw signUp.error;
  const session = (await supabase.auth.signInWithPassword({ email, password })).data.session!;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`select private.ledger_post($1, 100000, 'admin_adjustment', 'Lighthouse photo seed')`, [
    session.user.id,
  ]);
  await db.end();
  for (let i = 0; i < ASSETS; i++) {
    const name = `${session.user.id}/pending/${crypto.randomUUID()}.jpg`;
    const up = await supabase.storage.from('asset-media').upload(name, await photo(i), { contentType: 'image/jpeg' });
    if (up.error) throw up.error;
    const { error } = await supabase.functions.invoke('register-asset', {
      body: {
        submissionId: crypto.randomUUID(),
        asset: { kind: 'general', title: `Camera ${i + 1}`, privacy: 'public', description: 'A seeded photo asset' },
        media: [name],
      },
    });
    if (error) throw error;
  }
  console.log(`seeded ${ASSETS} public photo assets for ${email}`);
}

await main();
