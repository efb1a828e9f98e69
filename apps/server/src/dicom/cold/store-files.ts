import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * What the cold archive needs of a local file store beyond the FileStore interface: a file's path (yauzl reads a zip
 * by random access) and removal. Directories are never removed (LocalFileStore remembers the ones it made).
 * An S3-compatible store would spool a zip to a temp file instead and delete objects by key.
 */
export class LocalStoreFiles {
  private readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  localPath(key: string): string {
    const p = path.resolve(this.root, key);
    if (!p.startsWith(this.root + path.sep)) throw new Error('key escapes the store');
    return p;
  }

  /** Removes a stored file; one already gone is not an error (every removal may run again after a crash). */
  async remove(key: string): Promise<void> {
    await fsp.rm(this.localPath(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fsp.access(this.localPath(key));
      return true;
    } catch {
      return false;
    }
  }
}
