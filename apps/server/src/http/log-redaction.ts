/**
 * Errors as they may be logged: the SQL's shape and PostgreSQL's error code stay (what an operator needs to find the
 * fault), the bound parameters and the values PostgreSQL quotes back go (names, HNs, birth dates: issue 23 item 7).
 */

const MAX_CAUSES = 5;
// Drizzle's DrizzleQueryError message: "Failed query: <sql>\nparams: <every bound value>".
const PARAMS_LINE = /\nparams:[\s\S]*$/;
// PostgreSQL quotes the offending value at the end of some messages: invalid input syntax for type date: "2024-02-30".
const QUOTED_VALUE = /(:\s*)"[\s\S]*"\s*$/;
// PostgreSQL error fields that can carry row values (detail: "Failing row contains (…)", "Key (hn)=(…)").
const VALUE_FIELDS = new Set(['detail', 'where', 'internalQuery', 'params', 'parameters', 'values', 'body', 'input']);
const KEPT_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'routine',
  'statusCode',
  'status',
] as const;

/** The message of an error with bound parameters and quoted values removed. */
export function redactErrorMessage(message: string): string {
  return message.replace(PARAMS_LINE, '\nparams: [redacted]').replace(QUOTED_VALUE, '$1[redacted]');
}

/** A pino `err` serializer that never writes bound parameters or row values, through the cause chain. */
export function redactedError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & Record<string, unknown>;
  const message = redactErrorMessage(e.message ?? '');
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name, message };
  if (typeof e.query === 'string') out.query = e.query;
  if (Array.isArray(e.params)) out.paramCount = e.params.length;
  for (const k of KEPT_FIELDS) if (e[k] !== undefined && !VALUE_FIELDS.has(k)) out[k] = e[k];
  // The stack's first line repeats the message (with the params), so it is rebuilt from the redacted one.
  if (typeof e.stack === 'string') {
    const frames = e.stack.split('\n').filter((l) => /^\s+at /.test(l));
    out.stack = [`${e.name}: ${message}`, ...frames].join('\n');
  }
  if (e.cause !== undefined && depth < MAX_CAUSES) out.cause = redactedError(e.cause, depth + 1);
  return out;
}
