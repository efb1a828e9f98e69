// The ingest ceiling's receiver (bench only, never part of the product): Rangsi's own DIMSE listener and durable file
// store in front of a stand-in archive that does NOT index. Each C-STORE is acknowledged once its file is fsynced
// (CEILING=write), or once its file is fsynced and its attributes parsed as the archive parses them (CEILING=parse).
// What it measures is how fast Rangsi's receive path can go with the index taken away: an upper bound for the real
// archive on the same machine (bench/ingest.ts, "ceiling" rows).
//   CEILING=write|parse PORT=N DATA_DIR=D tsx bench/lib/ingest-ceiling-server.ts
import path from 'node:path';
import pino from 'pino';
import type { DicomArchive, IngestResult } from '../../apps/server/src/dicom/archive';
import { createDicomListener } from '../../apps/server/src/dicom/dimse/dicom-listener';
import { readInstanceBytes } from '../../apps/server/src/dicom/parse/read-instance';
import { LocalFileStore } from '../../apps/server/src/storage/local-file-store';

const mode = process.env.CEILING;
const port = Number(process.env.PORT);
const dataDir = process.env.DATA_DIR;
if ((mode !== 'write' && mode !== 'parse') || !Number.isInteger(port) || !dataDir) {
  console.error('usage: CEILING=write|parse PORT=N DATA_DIR=D tsx bench/lib/ingest-ceiling-server.ts');
  process.exit(2);
}

const store = new LocalFileStore(path.join(dataDir, 'files'));
const stored = (): IngestResult => ({ status: 'stored', sopInstanceUid: '', studyInstanceUid: '', examId: null });
const archive: DicomArchive = {
  async ingestBytes(bytes) {
    // Started first, as the real archive does: the parse (if any) runs while the file is written and flushed.
    const staged = store.putBytesStaged(bytes, { prefix: 'dicom' });
    if (mode === 'parse') {
      const parsed = await readInstanceBytes(bytes);
      if (!parsed.ok) return { status: 'refused', code: parsed.code, reason: parsed.reason };
    }
    await Promise.all([staged.written, staged.durable]);
    return stored();
  },
  async ingestFile() {
    return { status: 'refused', code: 'error', reason: 'the ceiling receiver keeps instances in memory only' };
  },
  async openInstance() {
    return null;
  },
  onStudyChanged() {
    return () => undefined;
  },
};

const listener = createDicomListener({
  host: '127.0.0.1',
  port,
  aeTitle: 'RANGSI',
  archive,
  tempDir: path.join(dataDir, 'tmp'),
  logger: pino({ level: 'warn' }),
});
await listener.start();
process.once('SIGTERM', () => {
  void listener.stop().then(() => process.exit(0));
});
