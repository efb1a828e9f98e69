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
    const stored = await sut.put(Readable.from([Buffer.from('สวัสดี '), Buffer.from('radiology')]), { prefix: 'documents' });
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

  it('refuses keys that would escape its directory', async () => {
    await expect(sut.open('../../etc/passwd')).rejects.toThrow();
  });
});
