import path from 'node:path';
import { ConfigError } from '../config-error';
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

/** The settings a file store is made from, by their names in config.ts (storage does not import the config). */
export interface StoreConfig {
  DATA_DIR: string;
  FILE_STORE: 'local' | 's3';
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_PREFIX?: string | undefined;
}

/**
 * The FileStore the settings ask for: DATA_DIR/files (FILE_STORE=local, the default) or an S3-compatible bucket
 * (FILE_STORE=s3), whose uploads are spooled under DATA_DIR/tmp/s3 first.
 */
export function createFileStore(config: StoreConfig): FileStore {
  switch (config.FILE_STORE) {
    case 'local':
      return new LocalFileStore(path.resolve(config.DATA_DIR, 'files'));
    case 's3': {
      const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
      // loadConfig already refuses this; a config made by hand must not reach the SDK half filled.
      if (!bucket || !accessKeyId || !secretAccessKey)
        throw new ConfigError('FILE_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
      return new S3FileStore({
        bucket,
        accessKeyId,
        secretAccessKey,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        keyPrefix: config.S3_PREFIX,
        tmpDir: path.resolve(config.DATA_DIR, 'tmp', 's3'),
      });
    }
  }
}
