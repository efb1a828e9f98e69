import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from './file-store';

/** A store under test, fresh for one describe block, and where it keeps its temporary files. */
export interface ContractSubject {
  store: FileStore;
  /** Directory that must be empty again after a failed put. */
  tmpDir: string;
  close?: () => Promise<void>;
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * What every FileStore promises (file-store.ts), run against each implementation: the local directory and the
 * S3-compatible bucket must be interchangeable for the code that uses them.
 */
export function describeFileStoreContract(name: string, make: () => Promise<ContractSubject>): void {
  describe(`FileStore contract: ${name}`, () => {
    let subject: ContractSubject;
    let sut: FileStore;
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-contract-'));
    beforeAll(async () => {
      subject = await make();
      sut = subject.store;
    });
    afterAll(async () => {
      await subject?.close?.();
      fs.rmSync(scratch, { recursive: true, force: true });
    });

    it('stores a stream under a new key and gives the same bytes back, with size and SHA-256', async () => {
      const text = 'ผลการตรวจ: ปอดปกติ ไม่พบก้อน — สวัสดี radiology';
      const stored = await sut.put(Readable.from([Buffer.from(text.slice(0, 7)), Buffer.from(text.slice(7))]), {
        prefix: 'exam-documents',
      });
      expect(stored.key).toMatch(/^exam-documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      expect(stored.sizeBytes).toBe(Buffer.byteLength(text));
      expect(stored.sha256).toBe(sha256(text));
      expect((await readAll(await sut.open(stored.key))).toString('utf8')).toBe(text);
      expect(await sut.exists(stored.key)).toBe(true);
    });

    it('stores an empty file and a file of several MB', async () => {
      const empty = await sut.put(Readable.from([]), { prefix: 'documents' });
      expect(empty).toMatchObject({ sizeBytes: 0, sha256: sha256('') });
      expect((await readAll(await sut.open(empty.key))).length).toBe(0);
      const big = Buffer.alloc(3 * 1024 * 1024 + 17, 0);
      for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
      const stored = await sut.put(Readable.from([big.subarray(0, 1_000_000), big.subarray(1_000_000)]), {
        prefix: 'documents',
      });
      expect(stored.sha256).toBe(sha256(big));
      expect((await readAll(await sut.open(stored.key))).equals(big)).toBe(true);
    });

    it('keeps nothing when the source fails mid-way, and no temporary file', async () => {
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1024));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(sut.put(failing, { prefix: 'documents' })).rejects.toThrow('client went away');
      expect(fs.readdirSync(subject.tmpDir)).toEqual([]);
    });

    it('refuses a source cut by its size limit (413) and keeps nothing', async () => {
      const truncated = Object.assign(Readable.from([Buffer.from('the first megabyte…')]), { truncated: true });
      await expect(sut.put(truncated, { prefix: 'documents' })).rejects.toMatchObject({ statusCode: 413 });
      expect(fs.readdirSync(subject.tmpDir)).toEqual([]);
    });

    it('refuses a bad prefix', async () => {
      await expect(sut.put(Readable.from([Buffer.from('x')]), { prefix: '../up' })).rejects.toThrow();
    });

    it('adopts a local file: same bytes, its hash, the local file consumed', async () => {
      const local = path.join(scratch, 'received.dcm');
      const bytes = Buffer.from('DICM'.repeat(5000));
      fs.writeFileSync(local, bytes);
      const stored = await sut.adopt(local, { prefix: 'dicom' });
      expect(fs.existsSync(local)).toBe(false);
      expect(stored).toMatchObject({ sizeBytes: bytes.length, sha256: sha256(bytes) });
      expect(stored.key).toMatch(/^dicom\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      expect((await readAll(await sut.open(stored.key))).equals(bytes)).toBe(true);
    });

    it('takes the hash and size a receiver computed, after its own flush settles; a failed flush fails the adopt', async () => {
      const local = path.join(scratch, 'received-2.dcm');
      fs.writeFileSync(local, 'abc');
      let flushedSettled = false;
      const flushed = new Promise<void>((resolve) =>
        setTimeout(() => {
          flushedSettled = true;
          resolve();
        }, 20),
      );
      const stored = await sut.adopt(local, { prefix: 'dicom', sha256: sha256('abc'), sizeBytes: 3, flushed });
      expect(flushedSettled).toBe(true);
      expect(stored).toMatchObject({ sha256: sha256('abc'), sizeBytes: 3 });
      const other = path.join(scratch, 'received-3.dcm');
      fs.writeFileSync(other, 'def');
      await expect(sut.adopt(other, { prefix: 'dicom', flushed: Promise.reject(new Error('EIO')) })).rejects.toThrow(
        'EIO',
      );
    });

    it('adopts many files at once and removes them; removing twice is fine', async () => {
      const locals = Array.from({ length: 20 }, (_, i) => {
        const p = path.join(scratch, `parallel-${i}.dcm`);
        fs.writeFileSync(p, `file ${i}`);
        return p;
      });
      const stored = await Promise.all(locals.map((p) => sut.adopt(p, { prefix: 'dicom' })));
      expect(new Set(stored.map((s) => s.key)).size).toBe(20);
      expect((await readAll(await sut.open(stored[7]!.key))).toString()).toBe('file 7');
      await sut.remove(stored[7]!.key);
      await sut.remove(stored[7]!.key);
      expect(await sut.exists(stored[7]!.key)).toBe(false);
      expect(await sut.exists(stored[8]!.key)).toBe(true);
    });

    it('answers a missing key: open rejects with ENOENT, exists is false, remove is fine', async () => {
      const missing = 'dicom/2020/01/00000000-0000-4000-8000-000000000000';
      await expect(sut.open(missing)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await sut.exists(missing)).toBe(false);
      await expect(sut.remove(missing)).resolves.toBeUndefined();
    });

    it('refuses keys that would escape the store', async () => {
      for (const key of ['../../etc/passwd', 'dicom/../../x', '/etc/passwd']) {
        await expect(sut.open(key)).rejects.toThrow();
      }
      await expect(sut.remove('../outside')).rejects.toThrow();
    });
  });
}
