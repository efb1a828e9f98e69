import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create({ dataDir: process.argv[2] + '/pg', extensions: { pg_trgm } });
for (const q of process.argv.slice(3)) { const t = Date.now(); await db.exec(q); console.log(q.slice(0, 80), Date.now() - t, 'ms'); }
await db.close();
