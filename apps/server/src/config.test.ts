import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe(loadConfig.name, () => {
  it('has the documented defaults', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({ PORT: 8080, DATA_DIR: './data', DICOM_PORT: 11112, DICOM_AE_TITLE: 'RANGSI', SEED: 'auto' });
    expect(sut.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DICOM_AE_TITLE: 'THIS_TITLE_IS_TOO_LONG' }, 'DICOM_AE_TITLE'],
    [{ SEED: 'lots' }, 'SEED'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
