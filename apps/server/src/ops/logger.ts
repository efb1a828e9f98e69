import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config';
import { loggerOptions } from '../http/http-app';

/** Whether log entries go out as readable lines (pino-pretty) rather than JSON lines. */
export function readableLogs(config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV'>, stdoutIsTty: boolean): boolean {
  if (config.LOG_FORMAT !== 'auto') return config.LOG_FORMAT === 'pretty';
  return config.NODE_ENV !== 'production' && stdoutIsTty;
}

/**
 * The server's logger: JSON lines in production and wherever a program reads the output; one readable line per entry
 * for a person at a terminal in development (LOG_FORMAT=auto), pretty-printed in this process (no worker thread).
 * The same serializers and redaction either way: no patient data.
 */
export function makeLogger(
  config: Pick<Config, 'LOG_FORMAT' | 'NODE_ENV' | 'LOG_LEVEL'>,
  destination: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): pino.Logger {
  const options = loggerOptions(config.LOG_LEVEL) as pino.LoggerOptions;
  if (!readableLogs(config, destination.isTTY === true)) return pino(options, destination);
  return pino(
    options,
    pretty({
      sync: true,
      destination,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      colorize: destination.isTTY === true,
    }),
  );
}
