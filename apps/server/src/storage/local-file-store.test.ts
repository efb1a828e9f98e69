import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from './local-file-store';

describe(LocalFileStore.name, () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-store-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const sut = new LocalFileStore(root);

  it('stores bytes under a new key and gives them back with size and sha256', async () => {
    const stored = await sut.put(Readable.from([Buffer.from('สวัสดี '), Buffer.from('radiology')]), {
      prefix: 'documents',
    });
    expect(stored.key).toMatch(/^documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(stored.sizeBytes).toBe(Buffer.byteLength('สวัสดี radiology'));
    expect(stored.sha256).toBe(createHash('sha256').update('สวัสดี radiology').digest('hex'));
    const back = await sut.open(stored.key);
    const chunks: Buffer[] = [];
    for await (const c of back) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('สวัสดี radiology');
  });

  it('leaves no temporary file behind when the source fails mid-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(sut.put(failing, { prefix: 'documents' })).rejects.toThrow('client went away');
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  const readBack = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const c of await sut.open(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('adopts a file written on the same disk by moving it: same bytes, its hash, the local file gone', async () => {
    const local = path.join(root, 'received.dcm');
    const bytes = Buffer.from('DICM'.repeat(5000));
    fs.writeFileSync(local, bytes);
    const stored = await sut.adopt(local, { prefix: 'dicom' });
    expect(fs.existsSync(local)).toBe(false);
    expect(stored).toMatchObject({ sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(stored.key).toMatch(/^dicom\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(await readBack(stored.key)).toEqual(bytes);
  });

  it('takes the hash and size a receiver computed, after its own flush settles', async () => {
    const local = path.join(root, 'received-2.dcm');
    fs.writeFileSync(local, 'abc');
    let flushedSettled = false;
    const flushed = new Promise<void>((resolve) =>
      setTimeout(() => {
        flushedSettled = true;
        resolve();
      }, 20),
    );
    const stored = await sut.adopt(local, { prefix: 'dicom', sha256: 'given', sizeBytes: 3, flushed });
    expect(flushedSettled).toBe(true);
    expect(stored.sha256).toBe('given');
    await expect(
      sut.adopt(path.join(root, 'gone.dcm'), { prefix: 'dicom', flushed: Promise.reject(new Error('EIO')) }),
    ).rejects.toThrow('EIO');
  });

  it('moves many files at once (their directory synced together) and removes them; removing twice is fine', async () => {
    const locals = Array.from({ length: 20 }, (_, i) => {
      const p = path.join(root, `parallel-${i}.dcm`);
      fs.writeFileSync(p, `file ${i}`);
      return p;
    });
    const stored = await Promise.all(locals.map((p) => sut.adopt(p, { prefix: 'dicom' })));
    expect(new Set(stored.map((s) => s.key)).size).toBe(20);
    expect((await readBack(stored[7]!.key)).toString()).toBe('file 7');
    await sut.remove(stored[7]!.key);
    await sut.remove(stored[7]!.key);
    expect(await sut.exists(stored[7]!.key)).toBe(false);
    expect(await sut.exists(stored[8]!.key)).toBe(true);
  });

  it('refuses keys that would escape its directory', async () => {
    await expect(sut.open('../../etc/passwd')).rejects.toThrow();
  });
});
