import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '../../storage/file-store';

/**
 * What the cold archive needs of a store beyond the FileStore interface: a local file to read a zip by random access
 * (yauzl), removal, and existence.
 */
export interface StoreFiles {
  /** Runs `fn` on a local path of the stored file: the file itself on local disk, a temporary copy otherwise. */
  withLocalFile<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T>;
  /** Removes a stored file; one already gone is not an error (every removal may run again after a crash). */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** A store that can lend a local copy itself (S3FileStore downloads the file to its temp directory). */
type StoreWithLocalFiles = FileStore & Pick<StoreFiles, 'withLocalFile'>;

/** The extras of a store: its own when it has them (a bucket), else the files under its root directory. */
export function storeFilesOf(store: FileStore, root: string): StoreFiles {
  const s = store as Partial<StoreWithLocalFiles>;
  if (typeof s.withLocalFile === 'function') {
    const remote = store as StoreWithLocalFiles;
    return {
      withLocalFile: (key, fn) => remote.withLocalFile(key, fn),
      remove: (key) => remote.remove(key),
      exists: (key) => remote.exists(key),
    };
  }
  return new LocalStoreFiles(root);
}

/** The files of a LocalFileStore. Directories are never removed (LocalFileStore remembers the ones it made). */
export class LocalStoreFiles implements StoreFiles {
  private readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  localPath(key: string): string {
    const p = path.resolve(this.root, key);
    if (!p.startsWith(this.root + path.sep)) throw new Error('key escapes the store');
    return p;
  }

  async withLocalFile<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T> {
    return fn(this.localPath(key));
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
