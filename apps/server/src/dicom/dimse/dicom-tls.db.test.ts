/**
 * The DICOM TLS port (docs/decisions/io23-dicom-tls-port.md), driven by dcmtk's echoscu and storescu with +tls and
 * certificates made by openssl for this run.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dicomInstances } from '../../db/schema/index';
import { buildInstance } from '../testing/build-dicom';
import { datasetOf, openArchiveFixture, type ArchiveFixture } from './test/archive-fixture';
import { run } from './test/dcmtk';
import { startListener, type Harness } from './test/harness';
import { makeTestCertificates, type TestCertificates } from './test/tls-certs';

const MODALITY = 'CT_TLS';

describe('DICOM over TLS on a second port', () => {
  let fixture: ArchiveFixture;
  let certs: TestCertificates;
  let dir: string;
  /** Server certificate only. */
  let open: Harness;
  /** With DICOM_TLS_CA_FILE: peers must present a certificate the CA signed. */
  let mutual: Harness;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-tls-'));
    certs = await makeTestCertificates(path.join(dir, 'pki'));
    fixture = await openArchiveFixture('tls');
    const tls = { port: 0, cert: fs.readFileSync(certs.serverCert), key: fs.readFileSync(certs.serverKey) };
    open = await startListener({
      archive: fixture.archive,
      allowedCallingAeTitles: [MODALITY],
      tls: { ...tls, ca: null },
    });
    mutual = await startListener({
      archive: fixture.archive,
      allowedCallingAeTitles: [MODALITY],
      tls: { ...tls, ca: fs.readFileSync(certs.caCert) },
    });
  }, 60_000);
  afterAll(async () => {
    await open?.close();
    await mutual?.close();
    await fixture?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** dcmtk over TLS trusting our CA: with the client certificate, or anonymous (+tla: none). */
  const tlsArgs = (as: 'client' | 'anonymous' | 'stranger') => [
    ...(as === 'anonymous'
      ? ['+tla']
      : as === 'client'
        ? ['+tls', certs.clientKey, certs.clientCert]
        : ['+tls', certs.strangerKey, certs.strangerCert]),
    '+cf',
    certs.caCert,
  ];
  const echo = (port: number, args: string[], callingAe = MODALITY) =>
    run('echoscu', ['-aet', callingAe, '-aec', 'RANGSI', ...args, '127.0.0.1', String(port)]);

  it('answers echoscu +tls on the TLS port, and the plain port keeps working', async () => {
    expect(open.listener.tlsPort).toBeGreaterThan(0);
    expect(open.listener.tlsPort).not.toBe(open.listener.port);
    const r = await echo(open.listener.tlsPort, tlsArgs('client'));
    expect(r.code, r.stderr).toBe(0);
    const anonymous = await echo(open.listener.tlsPort, tlsArgs('anonymous'));
    expect(anonymous.code, anonymous.stderr).toBe(0);
    expect((await echo(open.listener.port, [])).code).toBe(0);
  });

  it('stores an image sent by storescu +tls: indexed, with its data set as sent', async () => {
    const b = buildInstance({ patientId: 'TLS-1', modality: 'CT' });
    const file = path.join(dir, 'tls.dcm');
    fs.writeFileSync(file, b.bytes);
    const r = await run('storescu', [
      '-aet',
      MODALITY,
      '-aec',
      'RANGSI',
      ...tlsArgs('client'),
      '127.0.0.1',
      String(open.listener.tlsPort),
      file,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const [row] = await fixture.database.db
      .select({ sop: dicomInstances.sopInstanceUid })
      .from(dicomInstances)
      .where(eq(dicomInstances.sopInstanceUid, b.sopUid));
    expect(row?.sop).toBe(b.sopUid);
    const stored: Buffer[] = [];
    for await (const c of (await fixture.archive.openInstance(b.sopUid))!) stored.push(c as Buffer);
    expect(datasetOf(Buffer.concat(stored)).equals(datasetOf(b.bytes))).toBe(true);
  });

  it('fails a plain connection to the TLS port, and keeps serving TLS', async () => {
    const plain = await echo(open.listener.tlsPort, []);
    expect(plain.code).not.toBe(0);
    expect(open.lines.some((l) => l.msg === 'DICOM TLS handshake failed')).toBe(true);
    expect((await echo(open.listener.tlsPort, tlsArgs('client'))).code).toBe(0);
  });

  it('applies the calling AE allow-list on the TLS port as on the plain one', async () => {
    const r = await echo(open.listener.tlsPort, tlsArgs('client'), 'STRANGER_AE');
    expect(r.code).not.toBe(0);
    expect(`${r.stdout}${r.stderr}`).toMatch(/Calling AE Title Not Recognized/i);
  });

  it('with a CA configured, refuses a client without a certificate or with one the CA did not sign', async () => {
    const anonymous = await echo(mutual.listener.tlsPort, tlsArgs('anonymous'));
    expect(anonymous.code).not.toBe(0);
    const stranger = await echo(mutual.listener.tlsPort, tlsArgs('stranger'));
    expect(stranger.code).not.toBe(0);
    expect(
      mutual.lines.some(
        (l) => l.msg === 'DICOM TLS handshake failed' && /did not return a certificate/.test(String(l.reason)),
      ),
    ).toBe(true);
    // The same stranger is served where no client certificate is asked for: the CA, not the certificate, refused it.
    expect((await echo(open.listener.tlsPort, tlsArgs('stranger'))).code).toBe(0);
    const client = await echo(mutual.listener.tlsPort, tlsArgs('client'));
    expect(client.code, client.stderr).toBe(0);
  });

  it('drops a connection that never finishes its handshake within the association request time', async () => {
    const quick = await startListener({
      archive: fixture.archive,
      associationRequestTimeoutMs: 1000,
      tls: { port: 0, cert: fs.readFileSync(certs.serverCert), key: fs.readFileSync(certs.serverKey), ca: null },
    });
    try {
      const started = Date.now();
      const socket = net.connect(quick.listener.tlsPort, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('close', () => resolve()));
      // Closed by the server's handshake timeout, not by a test timeout (vitest's is 10 s and more).
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await echo(quick.listener.tlsPort, tlsArgs('anonymous'), 'ANY_AE')).code).toBe(0);
    } finally {
      await quick.close();
    }
  });

  it('holds connections still in their handshake to the per-address cap, closing the oldest', async () => {
    const capped = await startListener({
      archive: fixture.archive,
      maxConnectionsPerAddress: 2,
      tls: { port: 0, cert: fs.readFileSync(certs.serverCert), key: fs.readFileSync(certs.serverKey), ca: null },
    });
    const sockets: net.Socket[] = [];
    try {
      const connect = () =>
        new Promise<net.Socket>((resolve) => {
          const s = net.connect(capped.listener.tlsPort, '127.0.0.1', () => resolve(s));
          s.on('error', () => undefined);
          sockets.push(s);
        });
      const first = await connect();
      const firstClosed = new Promise<void>((resolve) => first.once('close', () => resolve()));
      await connect();
      const third = await connect();
      await firstClosed;
      expect(third.destroyed).toBe(false);
      expect(
        capped.lines.some((l) => l.msg === 'DICOM TLS connection still in its handshake closed to make room'),
      ).toBe(true);
      // A modality's handshake finishes at once: it still gets through.
      expect((await echo(capped.listener.tlsPort, tlsArgs('anonymous'), 'ANY_AE')).code).toBe(0);
    } finally {
      for (const s of sockets) s.destroy();
      await capped.close();
    }
  });
});
