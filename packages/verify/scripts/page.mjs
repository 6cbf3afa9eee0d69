// The offline verifier page: src/page/verifier.ts bundled by esbuild and inlined into
// src/page/verifier.html, so the page is one file that needs nothing else.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** The page alone (tests build it into a folder of their own). */
export async function writePage(outDir) {
  const result = await build({
    entryPoints: [path.join(root, 'src/page/verifier.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
  });
  const script = result.outputFiles[0].text.replaceAll('</script', '<\\/script');
  const html = fs.readFileSync(path.join(root, 'src/page/verifier.html'), 'utf8').replace('/*SCRIPT*/', () => script);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'tagledger-verify.html'), html);
  return path.join(outDir, 'tagledger-verify.html');
}
