import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../../../db/client';
import { LocalFileStore } from '../../../storage/local-file-store';
import { openTestDatabase } from '../../../test/test-app';
import { LocalDicomArchive } from '../../archive/local-archive';
import { parseBytes } from '../../thumbnails/decode-frame';
import { datasetOffset } from '../../parse/dataset-offset';
import { createExamState } from '../../../modules/exams/exam-state';

export interface ArchiveFixture {
  database: DatabaseHandle;
  archive: LocalDicomArchive;
  /** A temp folder of the test's own (the archive's files are under files/). */
  dataDir: string;
  close(): Promise<void>;
}

/** The real archive on the test database, its files in a fresh temp folder: for tests that store images, then ask over DIMSE. */
export async function openArchiveFixture(name: string): Promise<ArchiveFixture> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rangsi-${name}-`));
  const store = new LocalFileStore(path.join(dataDir, 'files'));
  const archive = new LocalDicomArchive(database.db, store, createExamState(database.db));
  return {
    database,
    archive,
    dataDir,
    close: async () => {
      await archive.close();
      // The writer's thread makes spare files in the background: stopped first, or the folder fills while it goes.
      await store.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Part-10 file's data set: the bytes after its meta header. */
export function datasetOf(file: Buffer): Buffer {
  const at = datasetOffset(file);
  if (typeof at !== 'number') throw new Error('not a Part-10 file');
  return file.subarray(at);
}

/** A file's native Pixel Data bytes. */
export function pixelDataOf(file: Buffer): Buffer {
  const { ds } = parseBytes(file);
  const px = ds.elements.x7fe00010!;
  return Buffer.from(ds.byteArray.subarray(px.dataOffset, px.dataOffset + px.length));
}
