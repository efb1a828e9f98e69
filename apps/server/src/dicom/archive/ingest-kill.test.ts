/**
 * Issue 4 item 2: a kill -9 at any moment loses no acknowledged instance and leaves no half-indexed one. The real
 * server process (embedded database) receives from dcmtk's storescu and is killed with SIGKILL while instances
 * stream in; whatever storescu saw acknowledged must then be indexed with its file intact, every index row must have
 * its file, and a restart on the same data takes the whole batch again and counts it right.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { dicomInstances, dicomSeries } from '../../db/schema/index';
import { datasetBytes } from '../dimse/test/corpus';
import { buildInstance, testUid } from '../testing/build-dicom';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const CT = '1.2.840.10008.5.1.4.1.1.2';
const INSTANCES = 120;
const KILL_AFTER = 40;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port }, () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on ${port}`);
}

function startServer(dataDir: string, dicomPort: number, httpPort: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'none',
      DEMO_IMAGES: 'off',
      DICOM_PORT: String(dicomPort),
      DICOM_HOST: '127.0.0.1',
      DICOM_ALLOWED_AE_TITLES: 'STORESCU',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      TEST_DATABASE_URL: '',
      SESSION_SECRET: 'kill-test-secret-0123456789abcdef0123456789',
    },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
}

/** storescu -v over the folder; `onAck` hears each file acknowledged with Success, in order. */
function storescu(port: number, dir: string, onAck: (file: string) => void): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(
      'storescu',
      ['-v', '-nh', '+sd', '+r', '-xe', '-aec', 'RANGSI', '127.0.0.1', String(port), dir],
      { env: { ...process.env, TCP_NODELAY: '1' } },
    );
    let current = '';
    let buffered = '';
    const lines = (d: Buffer) => {
      buffered += d.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        const sending = /Sending file: (.+)$/.exec(line);
        if (sending) current = sending[1]!.trim();
        else if (/Received Store Response \(Success\)/.test(line) && current) onAck(current);
      }
    };
    child.stdout.on('data', lines);
    child.stderr.on('data', lines);
    child.on('close', (code) => resolve(code));
  });
}

describe('DICOM ingest killed with SIGKILL', () => {
  let work: string;
  const sopOf = new Map<string, string>();

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-kill-'));
    const files = path.join(work, 'send');
    fs.mkdirSync(files);
    const studyUid = testUid();
    const seriesUid = testUid();
    for (let i = 1; i <= INSTANCES; i += 1) {
      const inst = buildInstance({
        sopClassUid: CT,
        studyUid,
        seriesUid,
        instanceNumber: i,
        modality: 'CT',
        rows: 64,
        columns: 64,
        pixels: Uint8Array.from({ length: 64 * 64 }, (_, k) => (k + i) % 256),
      });
      const file = path.join(files, `${String(i).padStart(4, '0')}.dcm`);
      fs.writeFileSync(file, inst.bytes);
      sopOf.set(file, inst.sopUid);
    }
  });
  afterAll(() => {
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('keeps every acknowledged instance, indexes no row without its file, and takes the batch again after restart', async () => {
    const dataDir = path.join(work, 'data');
    const [dicomPort, httpPort] = [await freePort(), await freePort()];
    const server = startServer(dataDir, dicomPort, httpPort);
    const exited = new Promise((resolve) => server.once('exit', resolve));
    await waitForPort(dicomPort, server);
    const acked: string[] = [];
    const sent = storescu(dicomPort, path.join(work, 'send'), (file) => {
      acked.push(file);
      if (acked.length === KILL_AFTER) server.kill('SIGKILL');
    });
    expect(await sent).not.toBe(0); // the association died with the server
    await exited;
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acked.length).toBeLessThan(INSTANCES);

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(dicomInstances);
      const bySop = new Map(rows.map((r) => [r.sopInstanceUid, r]));
      // Every acknowledged instance: indexed, its data set stored as sent.
      for (const file of acked) {
        const row = bySop.get(sopOf.get(file)!);
        expect(row, `acknowledged ${path.basename(file)} is indexed`).toBeDefined();
        const stored = fs.readFileSync(path.join(dataDir, 'files', row!.storageKey));
        expect(datasetBytes(stored, false).equals(datasetBytes(fs.readFileSync(file), false))).toBe(true);
      }
      // No row without its whole file.
      for (const row of rows) {
        const stored = fs.readFileSync(path.join(dataDir, 'files', row.storageKey));
        expect(stored.length).toBe(row.sizeBytes);
        expect(createHash('sha256').update(stored).digest('hex')).toBe(row.sha256);
      }
    } finally {
      await database.close();
    }

    // A restart on the same data: the whole batch again is taken (new ones stored, the others duplicates) and counted.
    const again = startServer(dataDir, dicomPort, httpPort);
    const againExited = new Promise((resolve) => again.once('exit', resolve));
    await waitForPort(dicomPort, again);
    const secondAcks: string[] = [];
    expect(await storescu(dicomPort, path.join(work, 'send'), (f) => secondAcks.push(f))).toBe(0);
    expect(secondAcks).toHaveLength(INSTANCES);
    again.kill('SIGTERM');
    await againExited;
    const after = await openDatabase({ dataDir });
    try {
      const rows = await after.db.select().from(dicomInstances);
      expect(new Set(rows.map((r) => r.sopInstanceUid))).toEqual(new Set(sopOf.values()));
      const [series] = await after.db.select().from(dicomSeries).where(eq(dicomSeries.id, rows[0]!.seriesId));
      expect(series!.numberOfInstances).toBe(INSTANCES);
    } finally {
      await after.close();
    }
    // The spare files the killed writer had made ahead of need are gone, and so is any file that was flushed but whose
    // row had not committed when the process died (never acknowledged; the resend stored a new copy): the restart
    // checked the dead writer's files against the index. One file per instance remains, each the one its row names.
    const stored = fs
      .readdirSync(path.join(dataDir, 'files', 'dicom'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile());
    expect(stored.filter((e) => fs.statSync(path.join(e.parentPath, e.name)).size === 0)).toEqual([]);
    expect(stored).toHaveLength(INSTANCES);
  }, 240_000);
});
