import { Transform, type TransformCallback } from 'node:stream';
import { S3Error } from './s3-error';

/**
 * Decodes an aws-chunked body without chunk signatures: `<hex size>[;ext]\r\n<bytes>\r\n` … `0\r\n`, then trailer
 * lines `name:value\r\n` and an empty line. The data goes on; the trailers are kept.
 */
export class AwsChunkedDecoder extends Transform {
  readonly trailers = new Map<string, string>();
  done = false;
  private state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size';
  private line = '';
  private remaining = 0;

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    let i = 0;
    try {
      while (i < chunk.length) {
        if (this.state === 'data') {
          const n = Math.min(this.remaining, chunk.length - i);
          this.push(chunk.subarray(i, i + n));
          i += n;
          this.remaining -= n;
          if (this.remaining === 0) this.state = 'data-end';
          continue;
        }
        if (this.state === 'done')
          throw new S3Error(400, 'IncompleteBody', 'Data after the end of an aws-chunked body');
        const nl = chunk.indexOf(0x0a, i);
        const end = nl < 0 ? chunk.length : nl + 1;
        this.line += chunk.subarray(i, end).toString('latin1');
        i = end;
        if (this.line.length > 8192) throw new S3Error(400, 'IncompleteBody', 'An aws-chunked line is too long');
        if (nl < 0) continue;
        const line = this.line.replace(/\r?\n$/, '');
        this.line = '';
        this.onLine(line);
      }
      cb();
    } catch (err) {
      cb(err as Error);
    }
  }

  private onLine(line: string): void {
    switch (this.state) {
      case 'size': {
        const m = /^([0-9a-fA-F]+)(;.*)?$/.exec(line);
        if (!m) throw new S3Error(400, 'IncompleteBody', 'A malformed aws-chunked chunk size');
        if (m[2]?.includes('chunk-signature'))
          throw new S3Error(501, 'NotImplemented', 'Signed chunks are not simulated');
        this.remaining = parseInt(m[1]!, 16);
        this.state = this.remaining === 0 ? 'trailer' : 'data';
        return;
      }
      case 'data-end':
        if (line !== '') throw new S3Error(400, 'IncompleteBody', 'An aws-chunked chunk is longer than its size');
        this.state = 'size';
        return;
      case 'trailer': {
        if (line === '') {
          this.state = 'done';
          this.done = true;
          return;
        }
        const colon = line.indexOf(':');
        if (colon <= 0) throw new S3Error(400, 'IncompleteBody', 'A malformed aws-chunked trailer');
        this.trailers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
        return;
      }
      case 'data':
      case 'done':
        return;
    }
  }
}
