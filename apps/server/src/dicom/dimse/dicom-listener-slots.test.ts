import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { echoscu } from './test/dcmtk';
import { startListener, until, type Harness } from './test/harness';
import { RawScu } from './test/raw-scu';
import { TS } from '../uids';

const VERIFICATION = '1.2.840.10008.1.1';

/** A socket that connects and never sends its A-ASSOCIATE-RQ; `closed` turns true when the listener drops it. */
interface IdleSocket {
  socket: net.Socket;
  closed: boolean;
}

function idleSocket(port: number, localAddress = '127.0.0.1'): Promise<IdleSocket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    const idle: IdleSocket = { socket, closed: false };
    socket.on('close', () => {
      idle.closed = true;
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve(idle));
    socket.once('error', reject);
  });
}

/** Issue 23 item 4: idle TCP connections must not lock modalities out of the DICOM listener. */
describe('DICOM listener: connection slots', () => {
  let h: Harness | null = null;
  const sockets: IdleSocket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.socket.destroy();
    await h?.close();
    h = null;
  });

  it('40 idle sockets from one address: echoscu from that address still associates, and the idle ones beyond the per-address limit are closed', async () => {
    h = await startListener({ maxConnectionsPerAddress: 8 });
    for (let i = 0; i < 40; i++) sockets.push(await idleSocket(h.listener.port));
    const listener = h.listener;
    await until(() => listener.stats.associations >= 40);
    await until(() => sockets.filter((s) => s.closed).length >= 32);
    const r = await echoscu(listener.port);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/Local Limit Exceeded/i);
  });

  it('idle sockets from many addresses take no association slot', async () => {
    h = await startListener({ maxAssociations: 4 });
    for (let i = 2; i < 12; i++) sockets.push(await idleSocket(h.listener.port, `127.0.0.${i}`));
    const listener = h.listener;
    await until(() => listener.stats.associations >= 10);
    expect(sockets.every((s) => !s.closed)).toBe(true);
    const r = await echoscu(listener.port);
    expect(r.code, r.stderr).toBe(0);
  });

  it('a connection that sends no A-ASSOCIATE-RQ is closed after the pre-association timeout', async () => {
    h = await startListener({ associationRequestTimeoutMs: 200 });
    for (let i = 0; i < 3; i++) sockets.push(await idleSocket(h.listener.port));
    await until(() => sockets.every((s) => s.closed), 5000);
    const r = await echoscu(h.listener.port);
    expect(r.code, r.stderr).toBe(0);
  });

  it('associations from one address beyond the per-address limit are rejected as local-limit-exceeded; another address still gets in', async () => {
    h = await startListener({ maxConnectionsPerAddress: 2 });
    const port = h.listener.port;
    const ctx = [{ id: 1, abstractSyntax: VERIFICATION, transferSyntaxes: [TS.implicitLE] }];
    const held: RawScu[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const scu = await RawScu.connect(port);
        held.push(scu);
        expect((await scu.associate('HOLDER', 'RANGSI', ctx)).kind).toBe('accept');
      }
      const third = await RawScu.connect(port);
      held.push(third);
      // Transient (2), service provider presentation (3), local limit exceeded (2).
      expect(await third.associate('HOLDER', 'RANGSI', ctx)).toEqual({
        kind: 'reject',
        result: 2,
        source: 3,
        reason: 2,
      });
      const other = await RawScu.connect(port, '127.0.0.1', '127.0.0.2');
      held.push(other);
      expect((await other.associate('OTHER', 'RANGSI', ctx)).kind).toBe('accept');
    } finally {
      for (const s of held) s.destroy();
    }
  });
});

describe('DICOM connection settings (config.ts)', () => {
  it('defaults to a 5 s wait for the association request, 32 associations, 8 per address; bad values stop the start', async () => {
    const { ConfigError, loadConfig } = await import('../../config');
    expect(loadConfig({})).toMatchObject({
      DICOM_ASSOCIATION_REQUEST_TIMEOUT_SECONDS: 5,
      DICOM_MAX_ASSOCIATIONS: 32,
      DICOM_MAX_CONNECTIONS_PER_ADDRESS: 8,
    });
    expect(
      loadConfig({ DICOM_ASSOCIATION_REQUEST_TIMEOUT_SECONDS: '2.5', DICOM_MAX_CONNECTIONS_PER_ADDRESS: '2' }),
    ).toMatchObject({ DICOM_ASSOCIATION_REQUEST_TIMEOUT_SECONDS: 2.5, DICOM_MAX_CONNECTIONS_PER_ADDRESS: 2 });
    expect(() => loadConfig({ DICOM_ASSOCIATION_REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DICOM_MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(
      'DICOM_MAX_CONNECTIONS_PER_ADDRESS',
    );
  });

  it('a listener built without a timeout waits 5 s for the association request', async () => {
    const h = await startListener();
    try {
      expect(h.listener.config.associationRequestTimeoutMs).toBe(5000);
    } finally {
      await h.close();
    }
  });
});
