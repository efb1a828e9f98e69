/** Postgres unique violation of the named index, however the driver (pg, PGlite, drizzle's wrapper) wraps it. */
export function isUniqueViolation(err: unknown, index: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const pg = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pg.code === '23505' && (pg.constraint === index || String(pg.message).includes(index))) return true;
  }
  return false;
}
