// Process entry: load config, build the app, listen, and drain on SIGTERM/SIGINT.
// A start-up failure is one line on stderr and exit code 1: a StartupError or ConfigError says what
// to fix; anything else is unexpected and is printed with its stack, since only the code can be at fault.
import { loadConfig, ConfigError } from './config/index.js';
import type { BuiltApp } from './app.js';
import { listenError } from './startup/listen-error.js';
import { DbStartupError } from '@tagledger/db';
import { StartupError } from './startup/startup-error.js';

/** How long requests in flight may run on after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // The app's modules (the data API, auth, storage, the database driver: most of the start-up's
  // CPU) load once the settings are known to be good, so a bad setting fails in a moment.
  const { buildApp } = await import('./app.js');
  let built: BuiltApp | undefined;
  try {
    built = await buildApp(config);
    await built.app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Close what was opened (database, its folder lock) before exiting; never wait long for it.
    if (built)
      await Promise.race([built.app.close(), new Promise((r) => setTimeout(r, 3000).unref())]).catch(() => undefined);
    throw listenError(err, config.host, config.port);
  }
  const { app, readiness } = built;
  let closing = false;
  // SIGTERM: /readyz turns 503 at once, the listener stops accepting, requests in flight get up to
  // SHUTDOWN_GRACE_MS to finish; then the remaining connections are cut and the database (and its
  // folder lock) is closed — a second SIGTERM/SIGINT does not cut this short.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.draining = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const grace = setTimeout(() => {
      app.log.warn('requests still running after the grace period; closing their connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      await app.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    } finally {
      clearTimeout(grace);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  app.log.info({ url: config.publicUrl }, `${config.appName} is ready`);
}

main().catch((err) => {
  if (err instanceof StartupError || err instanceof DbStartupError || err instanceof ConfigError)
    console.error(`Start-up failed: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
