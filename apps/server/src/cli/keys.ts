// `npm run keys`: prints the anon and service-role API keys for this DATA_DIR / JWT_PRIVATE_KEY.
import { loadConfig } from '../config/index.js';
import { loadKeys } from '../shared/keys.js';

const config = loadConfig();
const keys = await loadKeys({ dataDir: config.dataDir, privateJwk: config.jwtPrivateKey, issuer: `${config.publicUrl}/auth/v1` });
console.log(`SUPABASE_URL=${config.publicUrl}`);
console.log(`ANON_KEY=${keys.anonKey}`);
console.log(`SERVICE_ROLE_KEY=${keys.serviceRoleKey}`);
console.log(`JWT_KID=${keys.kid}`);
