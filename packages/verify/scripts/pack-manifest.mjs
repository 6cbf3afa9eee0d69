// npm pack / npm publish: the workspace resolves @tagledger/verify to its TypeScript sources, a
// published copy must point at dist/. `prepack` swaps in publishConfig.exports (keeping the file it
// replaced), `postpack` puts the workspace manifest back.
import fs from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '../package.json');
const saved = `${file}.workspace`;
if (process.argv[2] === 'restore') {
  if (fs.existsSync(saved)) fs.renameSync(saved, file);
} else {
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.copyFileSync(file, saved);
  const { exports, ...publishConfig } = manifest.publishConfig ?? {};
  fs.writeFileSync(file, `${JSON.stringify({ ...manifest, exports, publishConfig }, null, 2)}\n`);
}
