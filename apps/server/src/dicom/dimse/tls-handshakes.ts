import type net from 'node:net';

/**
 * TLS connections still in their handshake, per remote address. They hold no association slot, like plain connections
 * that have not sent their A-ASSOCIATE-RQ, and the same per-address cap applies: a new one closes that address's
 * oldest (SEC20), so handshakes left hanging cannot pile up while they wait for their timeout.
 */
export class PendingHandshakes {
  private readonly byAddress = new Map<string, Map<string, net.Socket>>();

  constructor(
    private readonly perAddress: number,
    private readonly evicted: (remoteAddress: string, pending: number) => void,
  ) {}

  /** A raw connection to the TLS port (the server's 'connection' event). */
  add(socket: net.Socket): void {
    const address = socket.remoteAddress ?? '?';
    const pending = this.byAddress.get(address) ?? new Map<string, net.Socket>();
    this.byAddress.set(address, pending);
    if (pending.size >= this.perAddress) {
      const [key, oldest] = pending.entries().next().value!;
      pending.delete(key);
      this.evicted(address, pending.size + 1);
      oldest.destroy();
    }
    const key = `${socket.remotePort ?? '?'}`;
    pending.set(key, socket);
    socket.once('close', () => this.settled(address, key));
  }

  /** The handshake is done (the TLS socket of the same peer address and port): it counts as a connection now. */
  secured(socket: net.Socket): void {
    this.settled(socket.remoteAddress ?? '?', `${socket.remotePort ?? '?'}`);
  }

  private settled(address: string, key: string): void {
    const pending = this.byAddress.get(address);
    pending?.delete(key);
    if (pending?.size === 0) this.byAddress.delete(address);
  }
}
