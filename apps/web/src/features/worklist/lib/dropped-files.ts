/** The parts of the File and Directory Entries API a drop gives (Chromium, Edge, Firefox, Safari). */
interface Entry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
}
interface FileEntry extends Entry {
  file(ok: (file: File) => void, fail: (err: unknown) => void): void;
}
interface DirectoryEntry extends Entry {
  createReader(): { readEntries(ok: (entries: Entry[]) => void, fail: (err: unknown) => void): void };
}

/**
 * Files taken from a folder tree at most: a whole disk dropped by mistake is not walked for ever. One past the server's
 * limit (10,000 files per import), so that the server refuses with its reason rather than part of a disk going in
 * unnoticed.
 */
export const MAX_DROPPED_FILES = 10_001;

/**
 * The files of a drop, folders walked with their sub-folders (a CD's DICOM folder dragged from the file manager).
 * Hidden files (.DS_Store and the like) are left out. Without the entries API, the drop's plain file list.
 */
export async function filesFromDrop(data: DataTransfer): Promise<File[]> {
  const entries = Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => (item as DataTransferItem & { webkitGetAsEntry?: () => Entry | null }).webkitGetAsEntry?.() ?? null);
  // Entries must be taken before the first await: the browser empties the drop's items once the handler returns.
  if (entries.length === 0 || entries.some((e) => e === null)) return visible(Array.from(data.files));
  const out: File[] = [];
  for (const entry of entries) await collect(entry!, out);
  return visible(out);
}

async function collect(entry: Entry, out: File[]): Promise<void> {
  if (out.length >= MAX_DROPPED_FILES || entry.name.startsWith('.')) return;
  if (entry.isFile) {
    out.push(await new Promise<File>((resolve, reject) => (entry as FileEntry).file(resolve, reject)));
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as DirectoryEntry).createReader();
  // readEntries answers a folder in chunks (100 in Chromium) until it answers none.
  for (;;) {
    const chunk = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (chunk.length === 0) return;
    for (const child of chunk) await collect(child, out);
  }
}

function visible(files: File[]): File[] {
  return files.filter((f) => !f.name.startsWith('.'));
}
