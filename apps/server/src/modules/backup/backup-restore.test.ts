import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { buildInstance } from '../../dicom/testing/build-dicom';
import { DEMO_PASSWORD, loginCookie } from '../../test/test-app';
import { seedTemplate } from '../../test/template-db';
import { restoreBackup } from './restore';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

interface Server extends App {
  database: DatabaseHandle;
  cookie: string;
  stop(): Promise<void>;
}

/** The whole server on the embedded database in dataDir, listening on a free port (which opens the control socket). */
async function startServer(dataDir: string, opts: { seed: boolean }): Promise<Server> {
  const template = inject('pgliteTemplate');
  const database = await openDatabase({
    dataDir,
    ...(opts.seed && template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
  });
  // Under TEST_DATABASE_URL no PGlite template is made: this file seeds its own.
  if (opts.seed && !template) await seedTemplate(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-00',
    LOG_LEVEL: process.env.BK_LOG ?? 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    BACKUP_CRON: 'off',
    DEMO_IMAGES: 'off',
  });
  const built = await buildApp({ config, database });
  await built.services.jobs.start({ workers: false });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const cookie = await loginCookie(built.app, 'admin', DEMO_PASSWORD);
  return {
    ...built,
    database,
    cookie,
    stop: async () => {
      await built.app.close();
      await database.close();
    },
  };
}

const newPatient = (i: number) => ({
  nameTH: { prefix: 'นาย', first: `สำรอง${i}`, last: 'ทดสอบ' },
  gender: 'Male',
  birthDate: '1980-01-01',
  currentAddress: { no: '1', subDistrict: 'ลุมพินี', district: 'ปทุมวัน', province: 'กรุงเทพมหานคร', postCode: '10330' },
  currentAndRecordAddressIsSame: true,
});

describe('backup while working, wipe, restore (issue 23 item 13)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-bk-'));
  const dataDir = path.join(root, 'data');
  const restoredDir = path.join(root, 'restored');
  const backupDir = path.join(dataDir, 'backups');
  let server: Server | null = null;
  let archive = '';
  /** Acknowledged before the backup was asked for: must all come back. */
  const before = new Map<string, Buffer>();
  /** Acknowledged while it ran: each comes back whole or not at all. */
  const during = new Map<string, Buffer>();
  const patientsBefore: string[] = [];

  beforeAll(async () => {
    server = await startServer(dataDir, { seed: true });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const ingest = async (s: Server, into: Map<string, Buffer>) => {
    const inst = buildInstance({ modality: 'CR' });
    const r = await s.services.archive.ingestBytes(inst.bytes, { source: 'TEST' });
    expect(r.status).toBe('stored');
    into.set(inst.sopUid, inst.bytes);
  };
  const createPatient = async (s: Server, i: number) => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/patient',
      headers: { cookie: s.cookie },
      payload: newPatient(i),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.patientId as string;
  };

  it('takes a backup through the admin API while images and rows keep arriving', async () => {
    const s = server!;
    for (let i = 0; i < 12; i++) await ingest(s, before);
    for (let i = 0; i < 3; i++) patientsBefore.push(await createPatient(s, i));

    let stop = false;
    const traffic = (async () => {
      // Bounded: a clinic's pace, not a flood (this machine's disk makes each commit an fsync).
      for (let i = 100; !stop && i < 130; i++) {
        await ingest(s, during);
        await createPatient(s, i);
      }
    })();
    const started = await s.app.inject({ method: 'POST', url: '/api/admin/backup', headers: { cookie: s.cookie } });
    expect(started.statusCode, started.body).toBe(202);
    const again = await s.app.inject({ method: 'POST', url: '/api/admin/backup', headers: { cookie: s.cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'กำลังสำรองข้อมูลอยู่ กรุณารอให้เสร็จก่อน (A backup is already running: wait for it to finish)',
    );
    let list;
    for (;;) {
      list = (await s.app.inject({ url: '/api/admin/backups', headers: { cookie: s.cookie } })).json().data;
      if (!list.running) break;
      await new Promise((r) => setImmediate(r));
    }
    stop = true;
    await traffic;
    expect(list.lastError).toBeNull();
    expect(list.backups).toHaveLength(1);
    expect(list.backups[0].name).toMatch(/^rangsi-backup-\d{8}-\d{6}Z\.zip$/);
    expect(during.size).toBeGreaterThan(0);
    archive = path.join(backupDir, list.backups[0].name);
    expect(fs.statSync(archive).size).toBe(list.backups[0].sizeBytes);
    // Nothing half-written is left in the folder.
    expect(fs.readdirSync(backupDir).filter((n) => n.endsWith('.partial'))).toEqual([]);
  }, 120_000);

  it('npm run backup asks the running server through its control socket', async () => {
    const { stdout } = await run(tsx, [path.join(repoRoot, 'apps/server/src/cli/backup.ts'), '--data-dir', dataDir], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/^backup written: .*rangsi-backup-.*\.zip/);
    const names = fs.readdirSync(backupDir).filter((n) => n.endsWith('.zip'));
    expect(names).toHaveLength(2);
    expect(fs.statSync(path.join(dataDir, 'run')).mode & 0o777).toBe(0o700);
  }, 60_000);

  it('the nightly job makes an archive too', async () => {
    const s = server!;
    await s.services.jobs.send('backup-nightly', {});
    expect(await s.services.jobs.drain({ only: ['backup-nightly'] })).toEqual({ ran: 1, failed: 0 });
    expect(fs.readdirSync(backupDir).filter((n) => n.endsWith('.zip'))).toHaveLength(3);
  }, 60_000);

  it("refuses to restore over the running server's data directory", async () => {
    await expect(restoreBackup({ archive, dataDir, force: true })).rejects.toThrow(
      /The server is running on .* stop it before restoring/,
    );
  });

  it('restores into a new data directory after a wipe; the server starts with every acknowledged image and committed row', async () => {
    await server!.stop();
    server = null;
    const kept = path.join(root, path.basename(archive));
    fs.copyFileSync(archive, kept);
    archive = kept;
    fs.rmSync(dataDir, { recursive: true, force: true });

    const result = await restoreBackup({ archive, dataDir: restoredDir });
    expect(result.movedAside).toBeNull();
    expect(fs.readdirSync(root).filter((n) => n.includes('.restoring-'))).toEqual([]);

    server = await startServer(restoredDir, { seed: false });
    const s = server;
    for (const [sop, bytes] of before) {
      const stream = await s.services.archive.openInstance(sop);
      expect(stream, sop).not.toBeNull();
      const chunks: Buffer[] = [];
      for await (const c of stream!) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(bytes), sop).toBe(true);
    }
    // Images that arrived during the backup: any the snapshot holds are whole (never a row without its file).
    let duringKept = 0;
    for (const [sop, bytes] of during) {
      const stream = await s.services.archive.openInstance(sop);
      if (!stream) continue;
      duringKept += 1;
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(bytes), sop).toBe(true);
    }
    expect(duringKept).toBeLessThanOrEqual(during.size);
    for (const id of patientsBefore) {
      const res = await s.app.inject({ url: `/api/patient/${id}`, headers: { cookie: s.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.name).toMatch(/^นายสำรอง\d ทดสอบ$/);
    }
  }, 120_000);

  it('refuses a damaged archive with a message and leaves the target empty', async () => {
    const damaged = path.join(root, 'damaged.zip');
    const bytes = fs.readFileSync(archive);
    // Flip one byte inside a stored image: DICOM files are stored uncompressed, so its UID is findable.
    const [sop] = before.keys();
    const at = bytes.indexOf(Buffer.from(sop!));
    expect(at).toBeGreaterThan(0);
    bytes[at + 2] = bytes[at + 2]! ^ 0x01;
    fs.writeFileSync(damaged, bytes);
    const target = path.join(root, 'from-damaged');
    fs.mkdirSync(target);

    const cli = await run(tsx, [path.join(repoRoot, 'apps/server/src/cli/restore.ts'), damaged, '--data-dir', target], {
      cwd: repoRoot,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(
      /^restore refused: The backup is damaged: files\/.* does not match its checksum\nnothing was changed in /,
    );
    expect(fs.readdirSync(target)).toEqual([]);
    expect(fs.readdirSync(root).filter((n) => n.includes('.restoring-'))).toEqual([]);
  }, 60_000);

  it('refuses a non-empty target without --force', async () => {
    await expect(restoreBackup({ archive, dataDir: path.join(root, 'from-damaged', '..') })).rejects.toThrow(
      /is not empty: restore into an empty or new folder, or add --force/,
    );
  });
});
