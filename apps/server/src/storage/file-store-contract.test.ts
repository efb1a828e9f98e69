import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeFileStoreContract } from './file-store.contract';
import { LocalFileStore } from './local-file-store';
import { startSimulatedBucket } from './s3-testing';

describeFileStoreContract(LocalFileStore.name, async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-store-'));
  return {
    store: new LocalFileStore(root),
    tmpDir: path.join(root, '.tmp'),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});

describeFileStoreContract('S3FileStore on the S3 simulator', async () => {
  const bucket = await startSimulatedBucket();
  const options = bucket.storeOptions({ keyPrefix: 'site-a/' });
  const store = bucket.newStore(options);
  return { store, tmpDir: options.tmpDir, close: () => bucket.close() };
});
