// `npm run keys [-- <command>]` — the signing keys of this DATA_DIR / JWT_PRIVATE_KEY:
//   (no command)   print the anon and service-role API keys, the ids of the accepted keys and the
//                  transparency log's verifier key
//   rotate         make a new current key in DATA_DIR/keys; the old one stays accepted as previous
//   retire <kid>   stop accepting a previous key (every token it signed ends)
//   generate       print a new private JWK and its public JWK, for deployments that keep keys in
//                  JWT_PRIVATE_KEY / JWT_PREVIOUS_PUBLIC_KEYS (README, "Key rotation")
// Servers read the keys at start: restart every instance after rotate or retire.
import { loadConfig } from '../config/index.js';
import { loadKeysFor } from '../shared/keys.js';
import { loadLogSigner } from '../assets/transparency-log.js';
import {
  generatePrivateJwk,
  KeyStoreError,
  keyId,
  publicPart,
  retireKey,
  rotateSigningKey,
} from '../shared/key-store.js';

const config = loadConfig();
const [command, arg] = process.argv.slice(2);

async function printKeys(): Promise<void> {
  const keys = await loadKeysFor(config);
  console.log(`SUPABASE_URL=${config.publicUrl}`);
  console.log(`ANON_KEY=${keys.anonKey}`);
  console.log(`SERVICE_ROLE_KEY=${keys.serviceRoleKey}`);
  console.log(`JWT_KID=${keys.kid}`);
  console.log(`JWT_PREVIOUS_KIDS=${keys.previousKids.join(',')}`);
  // What signs access tokens when a project brought its own keys (JWT_KEYS / JWT_SECRET, decision 0159).
  const a = keys.accessTokenKey;
  console.log(`ACCESS_TOKEN_KEY=${a.alg} ${a.source}${a.kid && a.source !== 'signing key' ? ` ${a.kid}` : ''}`);
  // The transparency log's verifier key (docs/protocol.md, "Public keys"); GET /log/v1/keys has them all.
  console.log(`LOG_VERIFIER_KEY=${(await loadLogSigner(config)).verifierKey}`);
}

function refuseWhenKeyInEnv(): void {
  if (config.jwtPrivateKey) {
    throw new KeyStoreError(
      'the signing key comes from JWT_PRIVATE_KEY: use `npm run keys -- generate` and the README procedure',
    );
  }
}

async function main(): Promise<void> {
  switch (command) {
    case undefined:
      return printKeys();
    case 'rotate': {
      refuseWhenKeyInEnv();
      const { newKid, previousKid } = await rotateSigningKey(config.dataDir);
      console.log(`new current key ${newKid}; ${previousKid} is kept as a previous key. Restart every server.`);
      return printKeys();
    }
    case 'retire': {
      refuseWhenKeyInEnv();
      if (!arg) throw new KeyStoreError('usage: npm run keys -- retire <kid>');
      await retireKey(config.dataDir, arg);
      console.log(`${arg} retired: tokens it signed are refused once every server has restarted.`);
      return;
    }
    case 'generate': {
      const jwk = generatePrivateJwk();
      console.log(`kid: ${await keyId(jwk)}`);
      console.log(`private JWK (JWT_PRIVATE_KEY): ${JSON.stringify(jwk)}`);
      console.log(`public JWK (for JWT_PREVIOUS_PUBLIC_KEYS): ${JSON.stringify(publicPart(jwk))}`);
      return;
    }
    default:
      throw new KeyStoreError(`unknown command ${command}: use rotate, retire <kid> or generate`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof KeyStoreError ? `keys: ${err.message}` : err);
  process.exit(1);
});
