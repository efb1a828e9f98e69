import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DurableWriter, leftoversOfEndedWriters } from './durable-writer';

describe(DurableWriter.name, () => {
  let root: string;
  let sut: DurableWriter;
  const state = () => path.join(root, 'state');
  const files = () => path.join(root, 'files', '2026', '11');
  const nonEmpty = (dir: string) =>
    fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => fs.statSync(path.join(dir, n)).size > 0) : [];
  const empty = (dir: string) =>
    fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => fs.statSync(path.join(dir, n)).size === 0) : [];

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-durable-'));
    sut = new DurableWriter(state());
  });
  afterEach(async () => {
    await sut.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes each file whole under a new name in the folder asked, files written together included', async () => {
    const payloads = Array.from({ length: 40 }, (_, i) => Buffer.alloc(1000 + i * 97, i));
    const names = await Promise.all(payloads.map((p) => sut.write(p, files())));
    expect(new Set(names).size).toBe(40);
    names.forEach((name, i) => expect(fs.readFileSync(path.join(files(), name)).equals(payloads[i]!)).toBe(true));
    // A view into a larger buffer writes only its own bytes.
    const big = Buffer.alloc(4096, 7);
    const view = big.subarray(100, 300);
    expect(fs.readFileSync(path.join(files(), await sut.write(view, files()))).equals(view)).toBe(true);
  });

  it('writes files one after another whole, also once this thread writes into spares it was given, and keeps only them at a clean stop', async () => {
    const names: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const bytes = Buffer.alloc(500 + i, i);
      const staged = sut.writeStaged(bytes, files());
      const { name, sha256 } = await staged.written;
      await staged.durable;
      expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(fs.readFileSync(path.join(files(), name)).equals(bytes)).toBe(true);
      names.push(name);
      // The spares asked for with the first write arrive: the later writes go into them.
      if (i === 0) await vi.waitFor(() => expect(empty(files()).length).toBeGreaterThan(0));
    }
    expect(new Set(names).size).toBe(60);
    await sut.close();
    expect(fs.readdirSync(files()).sort()).toEqual([...names].sort());
    expect(fs.readdirSync(state())).toEqual([]);
  });

  it('leaves no file but the written ones after a clean stop (its spare files are removed)', async () => {
    const name = await sut.write(Buffer.from('DICM-ish'), files());
    expect(empty(files()).length).toBeGreaterThan(0); // spares made ahead of need
    await sut.close();
    expect(fs.readdirSync(files())).toEqual([name]);
  });

  it('removes the unused spare files of a process that ended without stopping (a crash) and sets its written files aside for checking', async () => {
    // What a crashed process leaves: its list, naming spare files, one of which it used.
    fs.mkdirSync(files(), { recursive: true });
    fs.mkdirSync(state(), { recursive: true });
    const used = path.join(files(), 'used');
    const unused = path.join(files(), 'unused');
    fs.writeFileSync(used, 'acknowledged bytes');
    fs.writeFileSync(unused, '');
    const deadPid = 2 ** 22 + 1; // above pid_max: no such process
    fs.writeFileSync(path.join(state(), `spares-${deadPid}-1.list`), `${used}\n${unused}\n`);
    await sut.write(Buffer.from('x'), files());
    expect(fs.existsSync(unused)).toBe(false);
    expect(fs.readFileSync(used, 'utf8')).toBe('acknowledged bytes');
    expect(fs.existsSync(path.join(state(), `spares-${deadPid}-1.list`))).toBe(false);
    // The written file is named to whoever checks it against the index, until that one settles it.
    const left = leftoversOfEndedWriters(state());
    expect(left.files).toEqual([{ path: used, sizeBytes: 'acknowledged bytes'.length }]);
    expect(leftoversOfEndedWriters(state()).files).toHaveLength(1);
    left.settle();
    expect(leftoversOfEndedWriters(state()).files).toEqual([]);
    expect(fs.readFileSync(used, 'utf8')).toBe('acknowledged bytes');
  });

  it('names the files of a writer that died before starting a new one, and never those of a running process', async () => {
    fs.mkdirSync(files(), { recursive: true });
    fs.mkdirSync(state(), { recursive: true });
    const mine = path.join(files(), 'mine');
    const theirs = path.join(files(), 'theirs');
    fs.writeFileSync(mine, 'a');
    fs.writeFileSync(theirs, 'bb');
    fs.writeFileSync(path.join(state(), `spares-${process.ppid}-1.list`), `${mine}\n`); // a live process's list
    fs.writeFileSync(path.join(state(), `spares-${2 ** 22 + 2}-1.list`), `${theirs}\n`);
    expect(leftoversOfEndedWriters(state()).files).toEqual([{ path: theirs, sizeBytes: 2 }]);
  });

  it('answers a write twice: its name and hash once the bytes are in the file, then once they are flushed', async () => {
    const bytes = Buffer.from('written, then flushed');
    const order: string[] = [];
    const staged = sut.writeStaged(bytes, files());
    const written = staged.written.then((w) => {
      order.push('written');
      return w;
    });
    const durable = staged.durable.then(() => {
      order.push('durable');
    });
    const { name, sha256 } = await written;
    await durable;
    expect(order).toEqual(['written', 'durable']);
    expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(fs.readFileSync(path.join(files(), name)).equals(bytes)).toBe(true);
    // A hash the caller has already is kept as given.
    expect((await sut.writeStaged(bytes, files(), 'given').written).sha256).toBe('given');
  });

  it('tells a thread busy since the write that the file is flushed, before the answer reaches it', async () => {
    await sut.write(Buffer.from('warm up: the writer is running'), files());
    const staged = sut.writeStaged(Buffer.from('flushed while this thread was busy'), files());
    let answered = false;
    void staged.durable.then(() => {
      answered = true;
    });
    // This thread never yields here, so the writer's answer cannot arrive: only the shared mark can say it.
    const until = Date.now() + 5_000;
    while (!staged.flushedNow() && Date.now() < until) {
      /* busy, like a thread indexing */
    }
    expect(staged.flushedNow()).toBe(true);
    expect(answered).toBe(false);
    await staged.durable;
    expect(answered).toBe(true);
    // Another write's mark is its own.
    const next = sut.writeStaged(Buffer.from('not yet'), files());
    expect(next.flushedNow()).toBe(false);
    await next.durable;
    expect(next.flushedNow()).toBe(true);
  });

  it('rejects with the system error when the folder cannot be written, and keeps working for the next file', async () => {
    const blocked = path.join(root, 'blocked');
    fs.writeFileSync(blocked, 'a file where a folder should be');
    await expect(sut.write(Buffer.from('x'), path.join(blocked, 'sub'))).rejects.toMatchObject({
      code: expect.stringMatching(/^E/),
    });
    const staged = sut.writeStaged(Buffer.from('x'), path.join(blocked, 'sub'));
    await expect(staged.written).rejects.toMatchObject({ code: expect.stringMatching(/^E/) });
    await expect(staged.durable).rejects.toMatchObject({ code: expect.stringMatching(/^E/) });
    expect(staged.flushedNow()).toBe(false);
    const name = await sut.write(Buffer.from('after'), files());
    expect(nonEmpty(files())).toEqual([name]);
  });
});
