// The generator's worker thread. Node 20 does not pass tsx's loader to worker threads, so the worker registers it
// itself before loading the TypeScript (the server always runs under tsx: `npm start`).
import { register } from 'tsx/esm/api';

register();
await import('./worker-main.ts');
