import type { AddressInfo } from 'node:net';
import { cdAfterUnpack, cdReadiness } from './cd/cd-service';
import { resolveConfig, type HelperConfig, type HelperOptions } from './config';
import { examJobRoutes } from './exam-jobs/exam-job-routes';
import { ExamJobs } from './exam-jobs/exam-jobs';
import { createListener } from './http/listener';
import { Router } from './http/router';
import { createLogger, type Logger } from './log';
import { radiantAfterUnpack, radiantReadiness } from './radiant/radiant-service';
import { ScanJobs } from './scanner/scan-jobs';
import { scannerRoutes } from './scanner/scanner-routes';

export interface RunningHelper {
  /** http://127.0.0.1:<port> (no trailing slash); the services are at /cd/, /radiant/, /scanner/. */
  url: string;
  port: number;
  config: HelperConfig;
  close(): Promise<void>;
}

/**
 * Starts the Rangsi Helper on 127.0.0.1 (port 0: an ephemeral one, for tests) with the options the CLI would take;
 * throws ConfigError for a bad option.
 */
export async function startHelper(options: HelperOptions & { log?: Logger }): Promise<RunningHelper> {
  const config = resolveConfig(options);
  const log = options.log ?? createLogger();
  const router = new Router();
  const cd = new ExamJobs({ config, log, service: 'cd', baseDir: config.cdDir, afterUnpack: cdAfterUnpack(config) });
  const radiant = new ExamJobs({
    config,
    log,
    service: 'radiant',
    baseDir: config.viewerDir,
    afterUnpack: radiantAfterUnpack(config),
  });
  const scans = new ScanJobs({ config, log });
  examJobRoutes(router, 'cd', cd, () => cdReadiness(config));
  examJobRoutes(router, 'radiant', radiant, () => radiantReadiness(config));
  scannerRoutes(router, scans);

  const server = createListener({ serverOrigin: config.server, router, log });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log.info('listening', { host: config.host, port });
  return {
    url: `http://${config.host}:${port}`,
    port,
    config,
    close: async () => {
      scans.close();
      await Promise.all([cd.close(), radiant.close()]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
