import fs from 'node:fs';
import path from 'node:path';
import { run } from './dcmtk';

/** A throwaway CA and two certificates it signed (server for 127.0.0.1, client), P-256 keys, PEM files in `dir`. */
export interface TestCertificates {
  caCert: string;
  serverKey: string;
  serverCert: string;
  clientKey: string;
  clientCert: string;
  /** Signed by another CA: a peer the listener must not trust. */
  strangerKey: string;
  strangerCert: string;
}

async function openssl(dir: string, args: string[]): Promise<void> {
  const r = await run('openssl', args, { cwd: dir });
  if (r.code !== 0) throw new Error(`openssl ${args[0]} failed: ${r.stderr}`);
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

async function makeLeaf(dir: string, name: string, ca: string): Promise<void> {
  fs.writeFileSync(path.join(dir, `${name}.ext`), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await openssl(dir, ['req', ...EC, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`]);
  await openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-out',
    `${name}.crt`,
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
  ]);
}

export async function makeTestCertificates(dir: string): Promise<TestCertificates> {
  fs.mkdirSync(dir, { recursive: true });
  // -subj on the CA too, or openssl asks for it on the terminal.
  await openssl(dir, [
    'req',
    '-x509',
    ...EC,
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '2',
    '-subj',
    '/CN=Test CA',
  ]);
  await openssl(dir, [
    'req',
    '-x509',
    ...EC,
    '-keyout',
    'other.key',
    '-out',
    'other.crt',
    '-days',
    '2',
    '-subj',
    '/CN=Other',
  ]);
  await makeLeaf(dir, 'server', 'ca');
  await makeLeaf(dir, 'client', 'ca');
  await makeLeaf(dir, 'stranger', 'other');
  const p = (f: string) => path.join(dir, f);
  return {
    caCert: p('ca.crt'),
    serverKey: p('server.key'),
    serverCert: p('server.crt'),
    clientKey: p('client.key'),
    clientCert: p('client.crt'),
    strangerKey: p('stranger.key'),
    strangerCert: p('stranger.crt'),
  };
}
