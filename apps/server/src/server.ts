// Process entry: load config, build the app, listen, and drain on SIGTERM/SIGINT.
// A start-up failure is one line on stderr and exit code 1: a StartupError or ConfigError says what
// to fix; anything else is unexpected and is printed with its stack, since only the code can be at fault.
import { loadConfig, ConfigError } from './config/index.js';
import { buildApp, type BuiltApp } from './app.js';
import { listenError } from './startup/listen-error.js';
import { StartupError } from './startup/startup-error.js';

async function main(): Promise<void> {
  const config = loadConfig();
  let built: BuiltApp | undefined;
  try {
    built = await buildApp(config);
    await built.app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Close what was opened (database, its folder lock) before exiting; never wait long for it.
    if (built) await Promise.race([built.app.close(), new Promise((r) => setTimeout(r, 3000).unref())]).catch(() => undefined);
    throw listenError(err, config.host, config.port);
  }
  const { app } = built;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  app.log.info({ url: config.publicUrl }, `${config.appName} is ready`);
}

main().catch((err) => {
  if (err instanceof StartupError || err instanceof ConfigError) console.error(`Start-up failed: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
