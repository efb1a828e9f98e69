import fs from 'node:fs';
import path from 'node:path';

/** The full path of a program on PATH (with PATHEXT on Windows), or null. An absolute path is checked as it is. */
export function findProgram(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const windows = process.platform === 'win32';
  const exts = windows ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').concat(['']) : [''];
  const candidates = path.isAbsolute(name)
    ? exts.map((e) => name + e)
    : (env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .flatMap((dir) => exts.map((e) => path.join(dir, name + e)));
  for (const c of candidates) {
    try {
      fs.accessSync(c, windows ? fs.constants.F_OK : fs.constants.X_OK);
      if (fs.statSync(c).isFile()) return c;
    } catch {
      // not here: the next directory of PATH
    }
  }
  return null;
}
