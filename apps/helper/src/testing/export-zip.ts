import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const script = fileURLToPath(new URL('./make-ct-files.py', import.meta.url));

/**
 * A zip shaped like the server's STD-GEN-CD export: real CT files (pydicom, Debian python3-pydicom) under DICOM/,
 * a DICOMDIR made by dcmtk's dcmmkdir, zipped by Info-ZIP's zip (stored: DICOM does not shrink). Returns its path.
 */
export async function makeExportZip(dir: string, count: number, rows: number): Promise<string> {
  const media = path.join(dir, 'media');
  fs.mkdirSync(media, { recursive: true });
  await exec('/usr/bin/python3', [script, media, String(count), String(rows)]);
  await exec('dcmmkdir', ['-Pgp', '+r', '+id', media, '+D', path.join(media, 'DICOMDIR'), 'DICOM'], { cwd: media });
  const zip = path.join(dir, 'export.zip');
  await exec('zip', ['-q', '-r', '-0', zip, 'DICOMDIR', 'DICOM'], { cwd: media });
  return zip;
}

/** A zip whose entries are named as given (.., absolute, backslashes …), written by Python's zipfile. */
export async function zipWithNames(file: string, names: string[]): Promise<string> {
  const code = `import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    for n in sys.argv[2:]:
        z.writestr(n, b"x")`;
  await exec('/usr/bin/python3', ['-c', code, file, ...names]);
  return file;
}

/** A zip holding a symbolic link (Info-ZIP's --symlinks stores the link, not its target). */
export async function zipWithSymlink(dir: string, target: string): Promise<string> {
  const src = path.join(dir, 'link-src');
  fs.mkdirSync(src, { recursive: true });
  fs.symlinkSync(target, path.join(src, 'DICOMDIR'));
  const zip = path.join(dir, 'symlink.zip');
  await exec('zip', ['-q', '--symlinks', zip, 'DICOMDIR'], { cwd: src });
  return zip;
}
