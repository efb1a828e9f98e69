// npm run restore -- <archive> [--data-dir DIR] [--force]
// Restores a backup archive into a STOPPED data directory (default: DATA_DIR). Every part is checked against the
// archive's manifest before anything is written; a damaged archive is refused and the target left as it was.
import { parseArgs } from 'node:util';
import { BackupArchiveError } from '../modules/backup/backup-archive';
import { restoreBackup } from '../modules/backup/restore';

const usage = 'usage: npm run restore -- <archive.zip> [--data-dir DIR] [--force]\n';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
  });
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const [archive, ...extra] = parsed.positionals;
if (!archive || extra.length) {
  process.stderr.write(usage);
  process.exit(2);
}
const dataDir = parsed.values['data-dir'] ?? process.env.DATA_DIR ?? './data';
try {
  const result = await restoreBackup({
    archive,
    dataDir,
    force: parsed.values.force,
    progress: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`restored into ${result.dataDir}: database as of ${result.createdAt}, ${result.files} files\n`);
  if (result.movedAside)
    process.stdout.write(`the previous contents are in ${result.movedAside} (remove it once the restore is checked)\n`);
} catch (err) {
  process.stderr.write(
    `restore refused: ${err instanceof BackupArchiveError ? err.message : String(err)}\nnothing was changed in ${dataDir}\n`,
  );
  process.exitCode = 1;
}
