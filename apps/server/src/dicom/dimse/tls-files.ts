import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import fs from 'node:fs';

/** A PEM file of the DICOM TLS settings, read and checked at boot (docs/decisions/io23-dicom-tls-port.md). */
export interface TlsFile {
  path: string;
  pem: Buffer;
}

type Read<T> = { ok: true; file: TlsFile; parsed: T } | { ok: false; error: string };

function readPem(path: string): { ok: true; pem: Buffer } | { ok: false; error: string } {
  try {
    return { ok: true, pem: fs.readFileSync(path) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    return { ok: false, error: `cannot read ${path} (${code})` };
  }
}

/** A certificate (or a CA bundle: its first certificate is checked, Node's TLS reads them all). */
export function readCertificateFile(path: string): Read<X509Certificate> {
  const read = readPem(path);
  if (!read.ok) return read;
  try {
    return { ok: true, file: { path, pem: read.pem }, parsed: new X509Certificate(read.pem) };
  } catch {
    return { ok: false, error: `${path} is not a PEM certificate` };
  }
}

/** An unencrypted private key: the listener starts unattended, with no one to type a passphrase. */
export function readPrivateKeyFile(path: string): Read<KeyObject> {
  const read = readPem(path);
  if (!read.ok) return read;
  try {
    return { ok: true, file: { path, pem: read.pem }, parsed: createPrivateKey(read.pem) };
  } catch {
    return { ok: false, error: `${path} is not an unencrypted PEM private key` };
  }
}
