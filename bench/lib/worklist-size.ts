// The JavaScript a browser loads to show a lazy route: what index.html loads, plus the route's chunk and every
// chunk that chunk imports statically (followed transitively); dynamic import() targets are not counted.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BundleFile, homeBundle } from './home-bundle';

export interface RouteBundle {
  /** The route's own chunk(s), e.g. assets/worklist-page-….js; empty when the build has none. */
  entryChunks: string[];
  files: BundleFile[];
  gzipBytes: number;
  bytes: number;
}

/** Static imports of an ES module chunk as Vite/rolldown writes them: `from"./x.js"` and `import"./x.js"`. */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) out.push(m[1]!);
  return out;
}

export function routeBundle(distDir: string, chunkPrefix: string): RouteBundle {
  const assets = path.join(distDir, 'assets');
  const initial = homeBundle(distDir);
  const entryChunks = existsSync(assets)
    ? readdirSync(assets)
        .filter((n) => n.startsWith(`${chunkPrefix}-`) && n.endsWith('.js'))
        .map((n) => `assets/${n}`)
    : [];
  const seen = new Map<string, BundleFile>(initial.map((f) => [f.file, f]));
  const queue = [...entryChunks];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const content = readFileSync(path.join(distDir, file));
    seen.set(file, { file, kind: 'lazy', bytes: content.length, gzipBytes: gzipSync(content).length });
    for (const rel of staticImports(content.toString('utf8')))
      queue.push(path.posix.join(path.posix.dirname(file), rel));
  }
  const files = [...seen.values()];
  return {
    entryChunks,
    files,
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    bytes: files.reduce((n, f) => n + f.bytes, 0),
  };
}
