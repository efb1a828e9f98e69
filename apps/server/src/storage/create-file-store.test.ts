import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createFileStore } from './create-file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

const S3_ENV = {
  FILE_STORE: 's3',
  S3_BUCKET: 'rangsi-files',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'a-secret-that-must-not-show',
};

describe(createFileStore.name, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-create-store-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is the local directory by default, with the S3 settings at their documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ FILE_STORE: 'local', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(config.S3_BUCKET).toBeUndefined();
    expect(createFileStore(config)).toBeInstanceOf(LocalFileStore);
  });

  it('is the bucket with FILE_STORE=s3, spooling under DATA_DIR/tmp/s3', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...S3_ENV,
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'false',
      S3_PREFIX: 'rangsi/',
      S3_REGION: 'ap-southeast-1',
    });
    expect(config).toMatchObject({
      FILE_STORE: 's3',
      S3_FORCE_PATH_STYLE: false,
      S3_PREFIX: 'rangsi/',
      S3_REGION: 'ap-southeast-1',
    });
    const store = createFileStore(config);
    expect(store).toBeInstanceOf(S3FileStore);
    expect((store as S3FileStore).tmpDir).toBe(path.resolve(dataDir, 'tmp', 's3'));
    (store as S3FileStore).close();
  });

  it('stops the start when FILE_STORE=s3 lacks the bucket or credentials, naming each, never echoing a secret', () => {
    const attempt = () => loadConfig({ FILE_STORE: 's3', S3_SECRET_ACCESS_KEY: 'a-secret-that-must-not-show' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(message).toContain('S3_BUCKET: required when FILE_STORE=s3');
    expect(message).toContain('S3_ACCESS_KEY_ID: required when FILE_STORE=s3');
    expect(message).not.toContain('S3_SECRET_ACCESS_KEY');
    expect(message).not.toContain('a-secret-that-must-not-show');
  });

  it.each([
    [{ FILE_STORE: 'bucket' }, 'FILE_STORE'],
    [{ ...S3_ENV, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ ...S3_ENV, S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT'],
    [{ ...S3_ENV, S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET'],
    [{ ...S3_ENV, S3_REGION: 'Asia Bangkok' }, 'S3_REGION'],
    [{ ...S3_ENV, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ ...S3_ENV, S3_PREFIX: '../other' }, 'S3_PREFIX'],
    [{ ...S3_ENV, S3_PREFIX: '/abs' }, 'S3_PREFIX'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('a bad value never shows the secret', () => {
    try {
      loadConfig({ ...S3_ENV, S3_PREFIX: '..' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).not.toContain('a-secret-that-must-not-show');
    }
  });
});
