// One JSON line per event on stderr. Callers pass exam ids, stages and error codes only: never a token, a URL with
// its query, a name or a message the server wrote (it may hold a patient's name).

export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
}

export function createLogger(write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  const line = (level: string, event: string, fields: LogFields = {}) =>
    write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
  return {
    info: (event, fields) => line('info', event, fields),
    warn: (event, fields) => line('warn', event, fields),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {} };
