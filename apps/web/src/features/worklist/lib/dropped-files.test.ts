import { describe, expect, it } from 'vitest';
import { filesFromDrop } from './dropped-files';

/** A file entry as the browser gives it. */
const fileEntry = (name: string) => ({
  isFile: true,
  isDirectory: false,
  name,
  file: (ok: (f: File) => void) => ok(new File(['x'], name)),
});

/** A folder entry whose reader answers in chunks of `chunk`, then an empty answer, as Chromium's does. */
function folderEntry(name: string, children: object[], chunk = 2) {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (entries: object[]) => void) => {
          const part = children.slice(at, at + chunk);
          at += part.length;
          ok(part);
        },
      };
    },
  };
}

/** A drop whose items carry these entries (or none: null, as for a drop made by a script). */
function drop(entries: (object | null)[], files: File[] = []): DataTransfer {
  return {
    items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })),
    files,
  } as unknown as DataTransfer;
}

describe('filesFromDrop', () => {
  it('walks a dropped CD folder with its sub-folders, every chunk of a large folder, and leaves hidden files out', async () => {
    const cd = folderEntry('DICOM', [
      fileEntry('IM1'),
      fileEntry('IM2'),
      fileEntry('.DS_Store'),
      folderEntry('SE2', [fileEntry('IM3'), fileEntry('IM4'), fileEntry('IM5')]),
      folderEntry('.Trashes', [fileEntry('old')]),
    ]);
    const files = await filesFromDrop(drop([cd, fileEntry('DICOMDIR')]));
    expect(files.map((f) => f.name)).toEqual(['IM1', 'IM2', 'IM3', 'IM4', 'IM5', 'DICOMDIR']);
  });

  it('takes the plain file list when the drop has no entries, still without hidden files', async () => {
    const files = await filesFromDrop(drop([null, null], [new File(['a'], 'IM1'), new File(['b'], '.DS_Store')]));
    expect(files.map((f) => f.name)).toEqual(['IM1']);
  });
});
