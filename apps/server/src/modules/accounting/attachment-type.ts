/** The attachment types accounting accepts, told by their first bytes: a name or a declared type proves nothing. */
export type AttachmentType = 'image/jpeg' | 'image/png' | 'application/pdf';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = Buffer.from('%PDF-', 'latin1');

/** The type of a file by its content (JPEG, PNG or PDF signatures), or null for anything else. */
export function attachmentTypeOf(bytes: Buffer): AttachmentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  return null;
}
