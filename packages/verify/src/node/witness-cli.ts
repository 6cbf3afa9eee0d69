// npm run witness -- <log URL> [--log-key <vkey>] [--key <file>] [--state <file>] [--every <seconds>]
// npm run witness -- --generate-key <name> [--key <file>]
//
// Witnesses a TagLedger transparency log (or any C2SP log serving /checkpoint and
// /proof/consistency): keeps the last checkpoint it cosigned in its state file, cosigns a new one
// only if it is signed by the log's key and extends the remembered one, and hands the cosignature
// to the log (POST <log>/cosignature). A refusal (fork, rollback, inconsistent tree, unknown key)
// prints an ALERT line naming it and exits with status 3; the state is left as it was.
import fs from 'node:fs';
import { parseCheckpoint, parseNote, parseVerifierKey } from '../note.js';
import { generateSignerKey, parseSignerKey } from './signer.js';
import { readWitnessState, runWitnessOnce, WitnessRefusal, writeWitnessState } from './witness.js';

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

const USAGE =
  'usage: npm run witness -- <log URL> [--log-key <vkey>] [--key <file>] [--state <file>] [--every <seconds>]\n' +
  '       npm run witness -- --generate-key <name> [--key <file>]';

export async function witnessMain(args: string[], io: Io = { out: console.log, err: console.error }): Promise<number> {
  const keyFile = option(args, '--key') ?? 'witness-key.txt';
  const generate = option(args, '--generate-key');
  if (generate) {
    if (fs.existsSync(keyFile)) {
      io.err(`${keyFile} exists already; move it away first`);
      return 2;
    }
    const text = await generateSignerKey(generate, 0x04);
    fs.writeFileSync(keyFile, `${text}\n`, { mode: 0o600 });
    io.out(`Wrote ${keyFile}. The witness's public key (give it to logs as WITNESS_KEYS, and to verifiers):`);
    io.out((await parseSignerKey(text)).verifierKey);
    return 0;
  }
  const logUrl = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1]!.startsWith('--')));
  if (!logUrl) {
    io.err(USAGE);
    return 2;
  }
  const keyText = process.env.WITNESS_PRIVATE_KEY ?? (fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8') : '');
  if (!keyText) {
    io.err(`No witness key: set WITNESS_PRIVATE_KEY or create ${keyFile} with --generate-key <name>`);
    return 2;
  }
  const signer = await parseSignerKey(keyText);
  const statePath = option(args, '--state') ?? 'witness-state.json';
  const every = Number(option(args, '--every') ?? 0);

  // Which key signs this log: given once with --log-key, then remembered in the state file.
  const res = await fetch(`${logUrl.replace(/\/+$/, '')}/checkpoint`);
  if (!res.ok) {
    io.err(`The log answered ${res.status} for its checkpoint`);
    return 1;
  }
  const origin = parseCheckpoint(parseNote(await res.text()).text).origin;
  const state = readWitnessState(statePath);
  const given = option(args, '--log-key');
  if (given) await parseVerifierKey(given);
  const logKeys = given ? [given] : state.keys?.[origin];
  if (!logKeys?.length) {
    io.err(`The key of ${origin} is not known yet: pass --log-key <vkey> (from its operator, or GET <log>/keys)`);
    return 2;
  }
  if (given) writeWitnessState(statePath, { ...state, keys: { ...state.keys, [origin]: logKeys } });

  for (;;) {
    try {
      const run = await runWitnessOnce({ logUrl, config: { signer, logs: { [origin]: logKeys } }, statePath });
      io.out(
        run.outcome === 'cosigned'
          ? `cosigned ${run.origin} at ${run.size} entries${run.delivered ? '' : ' (the log did not accept the cosignature)'}`
          : `${run.origin} has not grown (${run.size} entries)`,
      );
    } catch (err) {
      if (err instanceof WitnessRefusal) {
        io.err(`ALERT ${origin}: refused to cosign (${err.code}): ${err.message}`);
        return 3;
      }
      io.err(`witness round failed: ${(err as Error).message}`);
      if (!every) return 1;
    }
    if (!every) return 0;
    await new Promise((r) => setTimeout(r, every * 1000));
  }
}

if (process.argv[1] && /witness-cli\.(ts|js)$/.test(process.argv[1])) {
  process.exitCode = await witnessMain(process.argv.slice(2));
}
