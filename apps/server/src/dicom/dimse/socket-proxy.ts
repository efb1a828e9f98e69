import { EventEmitter } from 'node:events';
import type net from 'node:net';

/**
 * What dcmjs-dimse gets instead of the socket: it reads 'data' (the demultiplexer's output, storage data removed),
 * writes its PDUs straight to the socket, and hears the socket's 'error', 'timeout' and 'close'.
 */
export class SocketProxy extends EventEmitter {
  constructor(private readonly real: net.Socket) {
    super();
    real.on('error', (err) => this.emit('error', err));
    real.on('timeout', () => this.emit('timeout'));
    real.on('close', () => this.emit('close'));
  }
  setTimeout(ms: number): this {
    this.real.setTimeout(ms);
    return this;
  }
  write(bytes: Buffer): boolean {
    return this.real.destroyed ? false : this.real.write(bytes);
  }
  end(): this {
    this.real.end();
    return this;
  }
  destroy(): this {
    this.real.destroy();
    return this;
  }
  get remoteAddress(): string | undefined {
    return this.real.remoteAddress;
  }
  get remotePort(): number | undefined {
    return this.real.remotePort;
  }
}
