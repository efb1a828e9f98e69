import path from 'node:path';
import pino from 'pino';
import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { bootSeed } from './db/boot-seed';
import { openDatabase } from './db/client';

/** Boot: config → database → migrations → seed → HTTP listener; SIGTERM drains and closes cleanly. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = pino(loggerOptions(config.LOG_LEVEL) as pino.LoggerOptions);
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.resolve(config.DATA_DIR) });
  log.info({ engine: database.engine, ms: Date.now() - started }, 'database ready');
  const seeded = await bootSeed(config, database);
  log.info({ seeded }, 'seed applied');

  const { app, startDraining } = await buildApp({ config, database, loggerInstance: log });
  await app.listen({ host: config.HOST, port: config.PORT });
  log.info({ ms: Date.now() - started, port: config.PORT }, 'listening');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'draining');
    startDraining();
    const force = setTimeout(() => { log.error('shutdown timed out'); process.exit(1); }, 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Rangsi failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
