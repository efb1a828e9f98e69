// The inflater's thread (inflater.ts). Deflated Explicit VR Little Endian data sets (PS3.5 A.5) are inflated here, so
// the server's event loop never runs zlib nor joins its output: it posts the deflated bytes and gets one buffer back.
// maxOutputLength stops zlib as soon as the output passes the caller's limit (a deflate bomb is refused after the
// limit's worth of work, not after all of it). One data set at a time: the limit bounds how long each may take.
// Plain JavaScript: it needs nothing but node:zlib, and starts without a TypeScript loader.
import zlib from 'node:zlib';
import { parentPort } from 'node:worker_threads';

/** A buffer that owns all of its ArrayBuffer can be handed over; zlib's small results are views into bigger ones. */
function owned(buf) {
  return buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength ? buf : new Uint8Array(buf);
}

parentPort.on('message', ({ id, bytes, limit }) => {
  let out;
  try {
    out = owned(zlib.inflateRawSync(bytes, { maxOutputLength: limit }));
  } catch (err) {
    const tooLarge = err?.code === 'ERR_BUFFER_TOO_LARGE';
    parentPort.postMessage({ id, ok: false, code: tooLarge ? 'too-large' : 'corrupt' });
    return;
  }
  parentPort.postMessage({ id, ok: true, bytes: out.buffer }, [out.buffer]);
});
