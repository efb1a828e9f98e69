import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's folders depend on each other one way (issue 25 item 3; docs/architecture.md): db below everything,
// then auth, audit, the DICOM library and the modules, with app.ts on top. A folder-level cycle means two folders
// can no longer be understood (or moved) apart. Units are the top-level folders of src/, and each folder of
// modules/ and dicom/; type-only imports count (they are dependencies of the design); tests and test helpers do not.
const SRC = path.resolve(import.meta.dirname);
const TEST_FILE = /(\.test\.tsx?|test-helpers\.ts|\.d\.ts)$/;
const TEST_DIR = /(^|\/)(testing|test)\//;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !TEST_FILE.test(e.name) && !TEST_DIR.test(path.relative(SRC, p)) ? [p] : [];
  });
}

function unitOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts.length === 1) return parts[0]!.replace(/\.tsx?$/, '');
  return (parts[0] === 'modules' || parts[0] === 'dicom' ? parts.slice(0, 2).join('/') : parts[0]!).replace(
    /\.tsx?$/,
    '',
  );
}

/** unit → unit → one import that makes the edge. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(file), m[1]!);
      if (!target.startsWith(SRC + path.sep)) continue;
      const [a, b] = [unitOf(file), unitOf(target)];
      if (a === b) continue;
      if (!graph.has(a)) graph.set(a, new Map());
      if (!graph.get(a)!.has(b)) graph.get(a)!.set(b, `${path.relative(SRC, file)} → ${m[1]}`);
    }
  }
  return graph;
}

/** Strongly connected components with more than one unit (Tarjan). */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>(),
    low = new Map<string, number>(),
    stack: string[] = [],
    onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('server folder dependencies', () => {
  it('form no cycle (each edge of a cycle is listed with one import that makes it)', () => {
    const graph = folderGraph();
    const found = cycles(graph).map((c) =>
      c.flatMap((a) => c.filter((b) => graph.get(a)?.has(b)).map((b) => `${a} → ${b}: ${graph.get(a)!.get(b)}`)),
    );
    expect(found).toEqual([]);
  });

  it('sees the imports it judges (a graph of the real tree, with the layers it should have)', () => {
    const graph = folderGraph();
    expect(graph.get('modules/billing')?.has('modules/requests')).toBe(true);
    expect(graph.get('dicom/dimse')?.has('dicom/archive')).toBe(true);
    expect(graph.get('db')?.size ?? 0).toBe(0);
    expect(
      cycles(
        new Map([
          ['a', new Map([['b', 'x']])],
          ['b', new Map([['a', 'y']])],
        ]),
      ),
    ).toEqual([['a', 'b']]);
  });
});
