import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('cold archive and purge settings', () => {
  it('archive off, purge after 24 h, cold zips beside the hot files unless told otherwise', () => {
    const sut = loadConfig({});
    expect(sut.DICOM_ARCHIVE_AFTER_DAYS).toBeUndefined();
    expect(sut.DICOM_PURGE_AFTER_HOURS).toBe(24);
    expect(sut.DICOM_COLD_DIR).toBeUndefined();
    expect(
      loadConfig({ DICOM_ARCHIVE_AFTER_DAYS: '365', DICOM_PURGE_AFTER_HOURS: '0', DICOM_COLD_DIR: '/mnt/cold' }),
    ).toMatchObject({ DICOM_ARCHIVE_AFTER_DAYS: 365, DICOM_PURGE_AFTER_HOURS: 0, DICOM_COLD_DIR: '/mnt/cold' });
  });

  it.each([
    [{ DICOM_ARCHIVE_AFTER_DAYS: '0' }, 'DICOM_ARCHIVE_AFTER_DAYS'],
    [{ DICOM_ARCHIVE_AFTER_DAYS: '1.5' }, 'DICOM_ARCHIVE_AFTER_DAYS'],
    [{ DICOM_ARCHIVE_AFTER_DAYS: 'a year' }, 'DICOM_ARCHIVE_AFTER_DAYS'],
    [{ DICOM_PURGE_AFTER_HOURS: '-1' }, 'DICOM_PURGE_AFTER_HOURS'],
    [{ DICOM_PURGE_AFTER_HOURS: 'soon' }, 'DICOM_PURGE_AFTER_HOURS'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
