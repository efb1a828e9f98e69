import type { FastifyRequest } from 'fastify';
import { MAX_ATTACHMENT_BYTES, MAX_EXPENSE_LINES } from '@rangsi/contract';
import type { DomainError } from '../../http/domain-error';
import { assertStorableText } from '../../http/input-guard';
import { accountingError, attachmentTooLarge, badAttachment } from './accounting.errors';

/** An uploaded attachment, read whole (at most 10 MB) so its content is checked before anything is stored. */
export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

/** A multipart form of petty cash or exam fees: its plain fields, its expense lines, and the file when one came. */
export interface AccountingForm {
  fields: Record<string, string>;
  items: { name?: string; amount?: string }[];
  file: UploadedFile | null;
}

const ITEM_FIELD = /^items\[(\d{1,3})\]\.(name|amount)$/;
// Fields are short: a 1,000-character Thai remark is 3 KB of UTF-8. A longer value is cut by the parser and refused.
const FIELD_BYTES = 8 * 1024;
// Every expense line is two fields; the rest of the form is a handful.
const MAX_FIELDS = MAX_EXPENSE_LINES * 2 + 20;

/** The parser's own limits arrive as errors with codes (and 413); here they are bad input with a clear message. */
function limitError(err: unknown): DomainError | null {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return attachmentTooLarge();
  if (code === 'FST_FILES_LIMIT') return badAttachment('ATTACHMENT_ONE_FILE');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return accountingError('ACC_TOO_MANY_LINES');
  if (code === 'FST_PROTO_VIOLATION') return accountingError('ACC_FIELD_TOO_LONG', { field: 'field' });
  return null;
}

/** Reads the form; refuses oversize values and files before the service sees anything, and stores nothing. */
export async function readAccountingForm(request: FastifyRequest): Promise<AccountingForm> {
  if (!request.isMultipart()) throw accountingError('ACC_NOT_MULTIPART');
  const form: AccountingForm = { fields: {}, items: [], file: null };
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: MAX_FIELDS, fieldSize: FIELD_BYTES },
    });
    for await (const part of parts) {
      assertStorableText(part.fieldname, 'field');
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw attachmentTooLarge();
        const bytes = Buffer.concat(chunks);
        // A browser sends an empty, nameless file part when nothing was chosen: that is no attachment.
        if (part.fieldname !== 'file' || bytes.length === 0) continue;
        assertStorableText(part.filename, 'file');
        form.file = { bytes, fileName: part.filename };
        continue;
      }
      if (part.valueTruncated) {
        const field = part.fieldname.slice(0, 40);
        throw accountingError('ACC_FIELD_TOO_LONG', { field }, { field });
      }
      // JSON-typed fields arrive parsed; this form has none, so anything but text is an empty value.
      const value = typeof part.value === 'string' ? part.value : '';
      assertStorableText(value, part.fieldname);
      const item = ITEM_FIELD.exec(part.fieldname);
      if (item) {
        const index = Number(item[1]);
        if (index >= MAX_EXPENSE_LINES) throw accountingError('ACC_TOO_MANY_LINES');
        form.items[index] = { ...form.items[index], [item[2]!]: value };
      } else if (!(part.fieldname in form.fields)) {
        form.fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    throw limitError(err) ?? err;
  }
  // Lines come indexed; a gap (items[0], items[2]) is closed up in the order of the index.
  form.items = form.items.filter((line) => line !== undefined);
  return form;
}
