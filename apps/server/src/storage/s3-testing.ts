import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3Simulator, type S3Simulator } from '../../../simulators/src/s3-simulator';
import { S3FileStore, type S3FileStoreOptions } from './s3-file-store';

/** Test credentials of the simulated bucket (not secrets of anything real). */
export const SIM_ACCESS_KEY_ID = 'rangsi-test-key';
export const SIM_SECRET = 'rangsi-test-secret-0123456789';
export const SIM_BUCKET = 'rangsi-test';
export const SIM_REGION = 'ap-southeast-1';

export interface SimulatedBucket {
  sim: S3Simulator;
  /** Where the simulator keeps its objects. */
  dir: string;
  /** Options for an S3FileStore on this bucket (a fresh tmpDir each call). */
  storeOptions(overrides?: Partial<S3FileStoreOptions>): S3FileStoreOptions;
  newStore(overrides?: Partial<S3FileStoreOptions>): S3FileStore;
  close(): Promise<void>;
}

/** The S3 simulator (apps/simulators) in this process on 127.0.0.1 and a free port, its objects in a temp directory. */
export async function startSimulatedBucket(opts: { now?: () => Date } = {}): Promise<SimulatedBucket> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-s3-'));
  const dir = path.join(root, 'bucket-data');
  const sim = await startS3Simulator({
    port: 0,
    host: '127.0.0.1',
    dir,
    region: SIM_REGION,
    credentials: { [SIM_ACCESS_KEY_ID]: SIM_SECRET },
    buckets: [SIM_BUCKET],
    now: opts.now,
  });
  const stores: S3FileStore[] = [];
  const storeOptions = (overrides: Partial<S3FileStoreOptions> = {}): S3FileStoreOptions => ({
    bucket: SIM_BUCKET,
    region: SIM_REGION,
    endpoint: sim.url,
    forcePathStyle: true,
    accessKeyId: SIM_ACCESS_KEY_ID,
    secretAccessKey: SIM_SECRET,
    tmpDir: fs.mkdtempSync(path.join(root, 'spool-')),
    ...overrides,
  });
  return {
    sim,
    dir,
    storeOptions,
    newStore(overrides) {
      const store = new S3FileStore(storeOptions(overrides));
      stores.push(store);
      return store;
    },
    async close() {
      for (const s of stores) s.close();
      await sim.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
