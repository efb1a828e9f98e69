import { parentPort } from 'node:worker_threads';
import { generateStudy, type GeneratedModality, type StudyOptions } from './index';

/** A study to generate, and what the worker answers for it. */
export interface WorkerRequest {
  id: number;
  modality: GeneratedModality;
  options: StudyOptions;
}
export type WorkerReply =
  | { id: number; kind: 'instance'; bytes: ArrayBuffer }
  | { id: number; kind: 'end' }
  | { id: number; kind: 'error'; message: string }
  | { id: 0; kind: 'ready' };

const port = parentPort;
if (port) {
  port.on('message', (req: WorkerRequest) => {
    try {
      for (const instance of generateStudy(req.modality, req.options)) {
        const bytes = instance.bytes.buffer.slice(
          instance.bytes.byteOffset,
          instance.bytes.byteOffset + instance.bytes.byteLength,
        ) as ArrayBuffer;
        port.postMessage({ id: req.id, kind: 'instance', bytes } satisfies WorkerReply, [bytes]);
      }
      port.postMessage({ id: req.id, kind: 'end' } satisfies WorkerReply);
    } catch (err) {
      port.postMessage({
        id: req.id,
        kind: 'error',
        message: (err as Error)?.message ?? String(err),
      } satisfies WorkerReply);
    }
  });
  port.postMessage({ id: 0, kind: 'ready' } satisfies WorkerReply);
}
