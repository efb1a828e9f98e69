import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe(loadConfig.name, () => {
  it('has the documented defaults', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      DICOM_PORT: 11112,
      DICOM_AE_TITLE: 'RANGSI',
      SEED: 'auto',
    });
    expect(sut.DATABASE_URL).toBeUndefined();
    expect(sut.DICOM_QUERY_AE_TITLES).toEqual(new Map());
    // Unset HOST is decided at start: loopback with demo logins, every interface otherwise (SEC80).
    expect(sut.HOST).toBeUndefined();
    expect(sut.LOG_FORMAT).toBe('auto');
  });

  it('reads the PromptPay biller id with the dashes people copy from the bank letter left out', () => {
    expect(loadConfig({}).PROMPTPAY_BILLER_ID).toBeUndefined();
    expect(loadConfig({ PROMPTPAY_BILLER_ID: '0-1055-50123-45-6-01' }).PROMPTPAY_BILLER_ID).toBe('010555012345601');
  });

  it('reads the AE titles allowed to query the archive, with their scopes', () => {
    expect([
      ...loadConfig({ DICOM_QUERY_AE_TITLES: ' READING_1, RADIANT ,RS1_WS=branch:RS1' }).DICOM_QUERY_AE_TITLES,
    ]).toEqual([
      ['READING_1', { kind: 'all' }],
      ['RADIANT', { kind: 'all' }],
      ['RS1_WS', { kind: 'branch', codes: ['RS1'] }],
    ]);
  });

  it('reads the C-MOVE destination table: AE title, host and port per entry', () => {
    expect(loadConfig({}).DICOM_MOVE_DESTINATIONS).toEqual([]);
    expect(
      loadConfig({ DICOM_MOVE_DESTINATIONS: ' READING_1@10.0.0.5:104, PACS2@pacs.local:11112,VIEW 3@[::1]:4006' })
        .DICOM_MOVE_DESTINATIONS,
    ).toEqual([
      { aeTitle: 'READING_1', host: '10.0.0.5', port: 104 },
      { aeTitle: 'PACS2', host: 'pacs.local', port: 11112 },
      { aeTitle: 'VIEW 3', host: '::1', port: 4006 },
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DICOM_MOVE_DESTINATIONS: 'READING_1@10.0.0.5' }, 'DICOM_MOVE_DESTINATIONS'],
    [{ DICOM_MOVE_DESTINATIONS: '10.0.0.5:104' }, 'DICOM_MOVE_DESTINATIONS'],
    [{ DICOM_MOVE_DESTINATIONS: 'A_TITLE_TOO_LONG_HERE@h:104' }, 'DICOM_MOVE_DESTINATIONS'],
    [{ DICOM_MOVE_DESTINATIONS: 'WS@host:70000' }, 'DICOM_MOVE_DESTINATIONS'],
    [{ DICOM_MOVE_DESTINATIONS: 'WS@bad host:104' }, 'DICOM_MOVE_DESTINATIONS'],
    [{ DICOM_MOVE_DESTINATIONS: 'WS@a:104,WS@b:105' }, 'DICOM_MOVE_DESTINATIONS'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PROMPTPAY_BILLER_ID: '01055501234560' }, 'PROMPTPAY_BILLER_ID'],
    [{ PROMPTPAY_BILLER_ID: '0105550123456O1' }, 'PROMPTPAY_BILLER_ID'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DICOM_AE_TITLE: 'THIS_TITLE_IS_TOO_LONG' }, 'DICOM_AE_TITLE'],
    [{ DICOM_QUERY_AE_TITLES: 'OK,A_TITLE_TOO_LONG_HERE' }, 'DICOM_QUERY_AE_TITLES'],
    [{ DICOM_QUERY_AE_TITLES: 'BACK\\SLASH' }, 'DICOM_QUERY_AE_TITLES'],
    [{ DICOM_QUERY_AE_TITLES: 'WS=region:RS1' }, 'DICOM_QUERY_AE_TITLES'],
    [{ DICOM_WORKLIST_AE_SCOPES: 'CT01=branch:' }, 'DICOM_WORKLIST_AE_SCOPES'],
    [{ DICOM_WORKLIST_UNLISTED: 'none' }, 'DICOM_WORKLIST_UNLISTED'],
    [{ SEED: 'lots' }, 'SEED'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
