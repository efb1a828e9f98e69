import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create({ dataDir: process.argv[2] + '/pg', extensions: { pg_trgm } });
for (const q of process.argv.slice(3)) { const r = await db.query<Record<string, string>>(q); for (const row of r.rows) console.log(Object.values(row).join(' | ')); }
await db.close();
