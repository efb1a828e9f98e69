import type net from 'node:net';

/** Writes the parts to the socket; resolves once it takes more (back-pressure), rejects if it closes first. */
export function writeParts(sock: net.Socket, parts: readonly Buffer[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (sock.destroyed) {
      reject(new Error('association closed'));
      return;
    }
    let ok = true;
    for (const p of parts) ok = sock.write(p);
    if (ok) {
      resolve();
      return;
    }
    const closed = () => reject(new Error('association closed'));
    sock.once('close', closed);
    sock.once('drain', () => {
      sock.off('close', closed);
      resolve();
    });
  });
}
