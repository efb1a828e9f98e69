import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFile {
  file: string;
  kind: 'script' | 'modulepreload' | 'lazy';
  bytes: number;
  gzipBytes: number;
}

/**
 * The JavaScript the home route loads before anything else: the module scripts and modulepreload links
 * in the built index.html (the entry and its static imports). Lazy routes' chunks are not in it.
 */
export function homeBundle(distDir: string): BundleFile[] {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`${indexPath} does not exist: build the web app first`);
  const html = readFileSync(indexPath, 'utf8');
  const found = new Map<string, BundleFile['kind']>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attrs = attributes(tag);
    if (tag.toLowerCase().startsWith('<script') && attrs.src) {
      found.set(attrs.src, 'script');
    } else if (attrs.rel?.toLowerCase() === 'modulepreload' && attrs.href) {
      if (!found.has(attrs.href)) found.set(attrs.href, 'modulepreload');
    }
  }
  const files: BundleFile[] = [];
  for (const [url, kind] of found) {
    if (/^[a-z]+:\/\//i.test(url) || url.startsWith('//')) continue; // not ours
    const relative = url.split(/[?#]/)[0]!.replace(/^\.?\//, '');
    const file = path.join(distDir, relative);
    const content = readFileSync(file);
    files.push({ file: relative, kind, bytes: content.length, gzipBytes: gzipSync(content).length });
  }
  return files;
}

function attributes(tag: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    out[m[1]!.toLowerCase()] = m[3] ?? m[4] ?? m[5];
  }
  return out;
}

/** Lazy chunks whose file name starts with `prefix` (Vite names a lazy route's chunk after its module, e.g. home-page-*.js). */
export function lazyChunks(distDir: string, prefix: string): BundleFile[] {
  const assets = path.join(distDir, 'assets');
  if (!existsSync(assets)) return [];
  return readdirSync(assets)
    .filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.js'))
    .map((name) => {
      const content = readFileSync(path.join(assets, name));
      return {
        file: `assets/${name}`,
        kind: 'lazy' as const,
        bytes: content.length,
        gzipBytes: gzipSync(content).length,
      };
    });
}
