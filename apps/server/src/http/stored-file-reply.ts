import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition';
import { STORED_FILE_CSP } from './security-headers';

/** A file a user uploaded (a document, a request's media, an accounting attachment), opened for sending. */
export interface StoredFileReply {
  stream: Readable;
  fileName: string;
  contentType: string;
  size: number;
  /** Shown in the browser (a type checked safe to show); otherwise sent as a download of opaque bytes. */
  inline: boolean;
}

/**
 * Sends an uploaded file with the headers every such file gets, in one place: its own type only when it may be shown
 * inline (else application/octet-stream), the Thai file name (RFC 6266), a sandboxing CSP so a crafted upload runs
 * nothing on our origin, and its length.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFileReply): FastifyReply {
  reply.header('content-type', file.inline ? file.contentType : 'application/octet-stream');
  reply.header('content-disposition', contentDisposition(file.inline ? 'inline' : 'attachment', file.fileName));
  reply.header('content-security-policy', STORED_FILE_CSP);
  reply.header('content-length', String(file.size));
  return reply.send(file.stream);
}
