// The durable writer's thread (durable-writer.ts). It writes files from memory into files it created ahead of need
// under their final names, whose directory entries were already made durable (directory fsync) when they were
// created: a write then costs one fsync, which carries the file's data and size, instead of fsync + rename + a second
// fsync of the directory. Such a spare file is empty until used; nothing refers to it until the caller's index row
// commits after our answer, so one left by a crash is an empty orphan (removed at the next start from the spare list).
// Files that arrive while a batch is being flushed make the next batch together (group commit). Plain synchronous
// calls here cost the server's event loop one message per file instead of a round trip per system call.
// Each file is answered twice: "written" once its bytes are complete in the page cache (a killed process keeps them,
// so the caller may index it while the fsync runs), then "ok" once fsynced (what an acknowledgement waits for). The
// spare list is fsynced before a spare is used, so after a power loss the next start finds every file that was
// being written and checks it against the index (durable-writer.ts, leftoversOfEndedWriters).
// Plain JavaScript: it needs nothing but node:fs, and starts without a TypeScript loader.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Where the list of spare files is kept (durable-writer.ts removes the unused ones at start), and the shared marks of
 * fsynced writes (slot id % slots holds flushedTag(id) once the write's file is fsynced and closed).
 */
const { spareList, flushed, slots } = workerData;
/**
 * Spare files kept per directory: once fewer than REFILL_AT are left, REFILL_BY more are made in one go (one
 * directory fsync for them all), between batches.
 */
const REFILL_AT = 16;
const REFILL_BY = 16;
/** Files flushed together at most. */
const MAX_BATCH = 64;

/** directory → spare files { name, fd } */
const spares = new Map();
/**
 * Spares given to the server's thread, which writes into them itself and then asks for the fsync ("sync"), or gives
 * them back ("discard", or with the shutdown): path → { dir, name, fd }. They stay on the spare list until then.
 */
const handed = new Map();
/** How many spares the server's thread is given at once (it asks again when it runs low). */
const HAND_OUT = 16;
const queue = [];
let scheduled = false;
let listed = 0;
/** The drain in progress (files that arrive meanwhile wait in the queue and make the next batch). */
let draining = Promise.resolve();

async function waitForDrain() {
  while (scheduled) {
    await draining;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function errorCode(err) {
  return err && typeof err === 'object' && 'code' in err ? String(err.code) : 'EIO';
}

function syncDir(dir) {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Creates REFILL_BY spare files in `dir`, listed (durably) before they exist, then makes their entries durable: when a
 * file arrives and no spare is left (the background refill below normally keeps ahead).
 */
function refill(dir) {
  let list = spares.get(dir);
  if (!list) spares.set(dir, (list = []));
  if (list.length >= REFILL_AT) return;
  fs.mkdirSync(dir, { recursive: true });
  const made = [];
  while (made.length < REFILL_BY) made.push(randomUUID());
  const listFd = fs.openSync(spareList, 'a');
  try {
    fs.writeSync(listFd, made.map((name) => `${path.join(dir, name)}\n`).join(''));
    fs.fsyncSync(listFd);
  } finally {
    fs.closeSync(listFd);
  }
  listed += made.length;
  for (const name of made) list.push({ name, fd: fs.openSync(path.join(dir, name), 'wx') });
  syncDir(dir);
}

/** Background refills in progress, per directory (a clean stop waits for them). */
const refills = new Map();

/**
 * refill() off this thread's loop (libuv's pool does the system calls), so that a file arriving meanwhile is written
 * into one of the spares still there instead of waiting for sixteen file creations and two fsyncs.
 */
function refillInBackground(dir) {
  const list = spares.get(dir);
  if (refills.has(dir) || (list && list.length >= REFILL_AT)) return;
  const run = (async () => {
    await fsp.mkdir(dir, { recursive: true });
    const made = [];
    while (made.length < REFILL_BY) made.push(randomUUID());
    if (!scheduled && queue.length === 0) rotateListIfLong();
    const listFile = await fsp.open(spareList, 'a');
    try {
      await listFile.write(made.map((name) => `${path.join(dir, name)}\n`).join(''));
      await listFile.sync();
    } finally {
      await listFile.close();
    }
    listed += made.length;
    const fds = await Promise.all(
      made.map(
        (name) =>
          new Promise((resolve, reject) => {
            fs.open(path.join(dir, name), 'wx', (err, fd) => (err ? reject(err) : resolve(fd)));
          }),
      ),
    );
    const dirFile = await fsp.open(dir, 'r');
    try {
      await dirFile.sync();
    } finally {
      await dirFile.close();
    }
    let current = spares.get(dir);
    if (!current) spares.set(dir, (current = []));
    // Used last (pop takes from the end): the spares already there were made durable earlier.
    current.unshift(...made.map((name, i) => ({ name, fd: fds[i] })));
  })()
    .catch(() => {
      /* the next write that needs a spare refills synchronously and reports the error */
    })
    .finally(() => refills.delete(dir));
  refills.set(dir, run);
}

/**
 * The spare list only grows while files are used: rewritten with just the current spares now and then, between
 * batches (a file in flight must stay listed until its caller has indexed it or given it back).
 */
function rotateListIfLong() {
  if (listed < 10_000) return;
  const current = [...spares]
    .flatMap(([dir, list]) => list.map((s) => `${path.join(dir, s.name)}\n`))
    .concat([...handed.keys()].map((p) => `${p}\n`));
  const tmp = `${spareList}.new`;
  fs.writeFileSync(tmp, current.join(''));
  const fd = fs.openSync(tmp, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, spareList);
  listed = current.length;
}

/**
 * fsyncs of several files: one at a time for one file; at the same time (on libuv's threads) for several, so that the
 * file system commits them together — one after another, each would wait for its own journal commit.
 */
async function syncAll(jobs) {
  if (jobs.length === 1) {
    try {
      fs.fsyncSync(jobs[0].file.fd);
    } catch (err) {
      jobs[0].error = errorCode(err);
    }
    return;
  }
  await Promise.all(
    jobs.map(
      (job) =>
        new Promise((resolve) => {
          fs.fsync(job.file.fd, (err) => {
            if (err) job.error = errorCode(err);
            resolve();
          });
        }),
    ),
  );
}

/**
 * One batch: each file written into a spare (answered "written" with its name and SHA-256), then all fsynced (answered
 * "ok", or the error).
 */
async function flush(batch) {
  for (const job of batch) {
    if (job.file) continue; // written by the server's thread into a spare it was given: only the fsync is left
    let file = null;
    try {
      let list = spares.get(job.dir);
      if (!list || !list.length) {
        refill(job.dir);
        list = spares.get(job.dir);
      }
      file = list.pop();
      const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
      // Hashed here rather than on the event loop, which has the parsing and the index to do.
      job.sha256 ??= createHash('sha256').update(bytes).digest('hex');
      for (let off = 0; off < bytes.length;) off += fs.writeSync(file.fd, bytes, off, bytes.length - off, off);
      job.file = file;
    } catch (err) {
      job.error = errorCode(err);
      if (file) {
        try {
          fs.closeSync(file.fd);
        } catch {
          /* already failing */
        }
        fs.rmSync(path.join(job.dir, file.name), { force: true });
      }
    }
  }
  const written = batch.filter((job) => job.file && !job.error);
  for (const job of written)
    if (!job.handedBack) parentPort.postMessage({ id: job.id, written: true, name: job.file.name, sha256: job.sha256 });
  await syncAll(written);
  for (const job of batch) {
    if (!job.file) continue;
    try {
      fs.closeSync(job.file.fd);
    } catch (err) {
      job.error ??= errorCode(err);
    }
    if (job.error) fs.rmSync(path.join(job.dir, job.file.name), { force: true });
  }
  for (const job of batch) {
    // Marked before the answer: the server's thread may be busy, and can see the mark without waiting for its turn.
    if (!job.error) Atomics.store(flushed, job.id % slots, (job.id % 0x7fffffff) + 1);
    parentPort.postMessage(job.error ? { id: job.id, ok: false, code: job.error } : { id: job.id, ok: true });
  }
}

async function drain() {
  const dirs = new Set();
  while (queue.length) {
    const batch = queue.splice(0, MAX_BATCH);
    for (const job of batch) dirs.add(job.dir);
    await flush(batch);
  }
  scheduled = false;
  // Spares for the next files, made while files keep coming.
  for (const dir of dirs) refillInBackground(dir);
}

/** A clean stop: spares are closed and removed (a crash leaves them to the next start). */
function shutdown() {
  for (const [dir, list] of spares) {
    for (const s of list.splice(0)) {
      try {
        fs.closeSync(s.fd);
      } catch {
        /* closing anyway */
      }
      fs.rmSync(path.join(dir, s.name), { force: true });
    }
  }
  // Spares the server's thread was given and never used (it has finished its writes before asking to stop).
  for (const file of [...handed.values()]) discard(file);
  fs.rmSync(spareList, { force: true });
  parentPort.postMessage({ closed: true });
}

/** Spares for the server's thread: taken from this thread's own (made first when there are not enough). */
async function handOut(dir) {
  try {
    const list = spares.get(dir);
    if (!list || list.length < HAND_OUT) {
      refillInBackground(dir);
      await refills.get(dir);
    }
    const given = (spares.get(dir) ?? []).splice(-HAND_OUT, HAND_OUT);
    for (const s of given) handed.set(path.join(dir, s.name), { dir, ...s });
    parentPort.postMessage({ spares: given, dir });
    refillInBackground(dir);
  } catch {
    parentPort.postMessage({ spares: [], dir });
  }
}

/** A spare the server's thread gives back unused, or after a failed write: closed and removed. */
function discard(file) {
  handed.delete(path.join(file.dir, file.name));
  try {
    fs.closeSync(file.fd);
  } catch {
    /* closing anyway */
  }
  fs.rmSync(path.join(file.dir, file.name), { force: true });
}

parentPort.on('message', (job) => {
  if (job.shutdown) {
    for (const file of job.returned ?? []) discard(file);
    void (scheduled ? waitForDrain() : Promise.resolve()).then(() => Promise.all(refills.values())).then(shutdown);
    return;
  }
  if (job.want) {
    void handOut(job.want);
    return;
  }
  if (job.discard) {
    discard(job.discard);
    return;
  }
  if (job.sync) {
    // Written by the server's thread: fsynced with the next batch, answered "ok" (or the error) like the others.
    const key = path.join(job.sync.dir, job.sync.name);
    handed.delete(key);
    job.dir = job.sync.dir;
    job.file = { name: job.sync.name, fd: job.sync.fd };
    job.handedBack = true;
  }
  queue.push(job);
  // Messages that arrived together are taken together: the batch starts once the message queue is empty.
  if (!scheduled) {
    scheduled = true;
    setImmediate(() => {
      draining = drain();
    });
  }
});

parentPort.postMessage({ ready: true });
