// npm run dicom:reindex [-- --rebuild]
// Indexes DICOM files that are in storage but not in the database (a crash between the durable write and the commit);
// with --rebuild, empties the DICOM index and makes it again from the files (links to exams are kept) and from the cold
// zips (their instances stay archived). Stop the
// server first when it runs on the embedded database (PGlite holds a lock on the data directory).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { reindexDicom } from '../dicom/reindex/reindex';
import { createExamState } from '../modules/exams/exam-state';
import { createFileStore } from '../storage/create-file-store';
import { S3FileStore } from '../storage/s3-file-store';

const { values } = parseArgs({ options: { rebuild: { type: 'boolean', default: false } } });
let config;
try {
  config = loadConfig();
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.resolve(config.DATA_DIR) });
// The files are where the server keeps them: DATA_DIR/files, or the bucket of FILE_STORE=s3.
const store = createFileStore(config);
try {
  // A bucket that is unreachable or refuses the keys stops here with the setting to fix, as at the server's start.
  if (store instanceof S3FileStore) await store.check();
  const started = Date.now();
  const files = store instanceof S3FileStore ? store : path.resolve(config.DATA_DIR, 'files');
  const report = await reindexDicom(database.db, createExamState(database.db), files, {
    rebuild: values.rebuild,
    assumedCharacterSet: config.DICOM_ASSUMED_CHARACTER_SET,
    // Cold zips are where the server packs them: DICOM_COLD_DIR, or beside the other files.
    cold: config.DICOM_COLD_DIR ? path.resolve(config.DICOM_COLD_DIR) : files,
    onProgress: (r) => process.stdout.write(`… ${r.files} files\n`),
  });
  process.stdout.write(
    `dicom:reindex${values.rebuild ? ' --rebuild' : ''} done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(report)}\n`,
  );
  if (report.unreadable || report.missingFiles) process.exitCode = 1;
} catch (err) {
  process.stderr.write(`dicom:reindex failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  if (store instanceof S3FileStore) store.close();
  await database.close();
}
