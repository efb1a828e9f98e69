import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { makeTestCertificates, type TestCertificates } from './dicom/dimse/test/tls-certs';

describe('DICOM character set settings', () => {
  it('has none by default: undeclared text guessed as before, every answer in UTF-8', () => {
    const sut = loadConfig({});
    expect(sut.DICOM_ASSUMED_CHARACTER_SET).toBeUndefined();
    expect(sut.DICOM_AE_ASSUMED_CHARACTER_SETS).toEqual(new Map());
    expect(sut.DICOM_AE_ANSWER_CHARACTER_SETS).toEqual(new Map());
  });

  it('reads the sets per AE title, in their defined spelling', () => {
    const sut = loadConfig({
      DICOM_ASSUMED_CHARACTER_SET: 'iso_ir_166',
      DICOM_AE_ASSUMED_CHARACTER_SETS: ' CT_OLD=ISO_IR 166, US 2 = ISO_IR 100 ',
      DICOM_AE_ANSWER_CHARACTER_SETS: 'CT_OLD=ISO_IR 166,MR1=ISO_IR 192',
    });
    expect(sut.DICOM_ASSUMED_CHARACTER_SET).toBe('ISO_IR 166');
    expect([...sut.DICOM_AE_ASSUMED_CHARACTER_SETS]).toEqual([
      ['CT_OLD', 'ISO_IR 166'],
      ['US 2', 'ISO_IR 100'],
    ]);
    expect([...sut.DICOM_AE_ANSWER_CHARACTER_SETS]).toEqual([
      ['CT_OLD', 'ISO_IR 166'],
      ['MR1', 'ISO_IR 192'],
    ]);
  });

  it.each([
    [{ DICOM_ASSUMED_CHARACTER_SET: 'TIS-620' }, /DICOM_ASSUMED_CHARACTER_SET: must be a defined term/],
    [{ DICOM_AE_ASSUMED_CHARACTER_SETS: 'CT_OLD' }, /DICOM_AE_ASSUMED_CHARACTER_SETS: "CT_OLD": must be AE=/],
    [{ DICOM_AE_ASSUMED_CHARACTER_SETS: 'CT=ISO 2022 IR 166' }, /DICOM_AE_ASSUMED_CHARACTER_SETS: .*character set/],
    [{ DICOM_AE_ASSUMED_CHARACTER_SETS: 'CT=ISO_IR 166,CT=ISO_IR 192' }, /"CT" is listed twice/],
    // Answers can only be written in the two sets we encode.
    [{ DICOM_AE_ANSWER_CHARACTER_SETS: 'CT=ISO_IR 100' }, /DICOM_AE_ANSWER_CHARACTER_SETS: .*ISO_IR 192 \(UTF-8\) or/],
    [
      { DICOM_AE_ANSWER_CHARACTER_SETS: 'A_TITLE_LONGER_THAN_16=ISO_IR 166' },
      /DICOM_AE_ANSWER_CHARACTER_SETS: .*AE title/,
    ],
  ])('stops the start naming the setting for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('DICOM TLS settings', () => {
  let dir: string;
  let certs: TestCertificates;
  let junk: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-tls-config-'));
    certs = await makeTestCertificates(dir);
    junk = path.join(dir, 'junk.pem');
    fs.writeFileSync(junk, 'not a certificate\n');
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const tls = (extra: Record<string, string> = {}) => ({
    DICOM_TLS_PORT: '2762',
    DICOM_TLS_CERT_FILE: certs.serverCert,
    DICOM_TLS_KEY_FILE: certs.serverKey,
    ...extra,
  });

  it('is off by default', () => {
    expect(loadConfig({}).dicomTls).toBeNull();
  });

  it('reads the certificate and key, and the CA when client certificates are wanted', () => {
    const sut = loadConfig(tls()).dicomTls!;
    expect(sut.port).toBe(2762);
    expect(sut.cert.equals(fs.readFileSync(certs.serverCert))).toBe(true);
    expect(sut.key.equals(fs.readFileSync(certs.serverKey))).toBe(true);
    expect(sut.ca).toBeNull();
    expect(
      loadConfig(tls({ DICOM_TLS_CA_FILE: certs.caCert })).dicomTls!.ca!.equals(fs.readFileSync(certs.caCert)),
    ).toBe(true);
  });

  it.each([
    [
      'a missing certificate file',
      () => tls({ DICOM_TLS_CERT_FILE: path.join(dir, 'nope.crt') }),
      /DICOM_TLS_CERT_FILE: cannot read .*ENOENT/,
    ],
    [
      'a certificate file that is not one',
      () => tls({ DICOM_TLS_CERT_FILE: junk }),
      /DICOM_TLS_CERT_FILE: .* is not a PEM certificate/,
    ],
    [
      'a key file holding a certificate',
      () => tls({ DICOM_TLS_KEY_FILE: certs.serverCert }),
      /DICOM_TLS_KEY_FILE: .*not an unencrypted PEM private key/,
    ],
    [
      'the key of another certificate',
      () => tls({ DICOM_TLS_KEY_FILE: certs.clientKey }),
      /DICOM_TLS_KEY_FILE: .* is not the key of the certificate/,
    ],
    [
      'a CA file that is not a certificate',
      () => tls({ DICOM_TLS_CA_FILE: junk }),
      /DICOM_TLS_CA_FILE: .* is not a PEM certificate/,
    ],
    [
      'a port without its files',
      () => ({ DICOM_TLS_PORT: '2762' }),
      /DICOM_TLS_CERT_FILE: required[\s\S]*DICOM_TLS_KEY_FILE: required/,
    ],
    [
      'files without the port',
      () => ({ DICOM_TLS_CERT_FILE: certs.serverCert }),
      /DICOM_TLS_CERT_FILE: set without DICOM_TLS_PORT/,
    ],
    ['the plain port', () => tls({ DICOM_TLS_PORT: '11112' }), /DICOM_TLS_PORT: must differ from DICOM_PORT/],
    ['the listener off', () => tls({ DICOM_PORT: '0' }), /DICOM_TLS_PORT: needs the DICOM listener/],
  ])('stops the start naming the setting for %s', (_, env, message) => {
    expect(() => loadConfig(env())).toThrow(ConfigError);
    expect(() => loadConfig(env())).toThrow(message);
  });
});
