import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, and, isNull, ne } from 'drizzle-orm';
import { documents, exams, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';

/** A multipart body as a browser's FormData sends it. */
function multipart(parts: { name: string; value: string | Buffer; filename?: string }[]) {
  const boundary = '----rangsi' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('exam documents and files', () => {
  let sut: TestContext;
  let staff: string;
  let examId: string;
  beforeAll(async () => {
    sut = await createTestApp();
    staff = await sut.login('staff');
    const [u] = await sut.database.db.select().from(users).where(eq(users.username, 'staff'));
    const [e] = await sut.database.db
      .select()
      .from(exams)
      .where(and(eq(exams.branchId, u!.branchId!), isNull(exams.deletedAt)))
      .limit(1);
    examId = e!.id;
  });
  afterAll(async () => {
    await sut.close();
  });

  const upload = (kind: string, parts: Parameters<typeof multipart>[0], cookie = staff) => {
    const m = multipart(parts);
    return sut.app.inject({
      method: 'POST',
      url: `/api/exam/${examId}/${kind}`,
      headers: { ...m.headers, cookie },
      payload: m.payload,
    });
  };

  it('uploads a PDF document: the entry, hasDocument on the row, the list and the file itself', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% ใบส่งตัว\n');
    const res = await upload('document', [
      { name: 'fileName', value: 'ใบส่งตัว' },
      { name: 'file', value: pdf, filename: 'scan 001.PDF' },
    ]);
    expect(res.statusCode).toBe(200);
    const { document, exam } = res.json().data;
    expect(document.fileName).toBe('ใบส่งตัว.pdf');
    expect(exam.hasDocument).toBe(true);
    expect(exam.log).toMatch(/documentUploaded/);
    const list = (await sut.app.inject({ url: `/api/exam/${examId}/document`, headers: { cookie: staff } })).json()
      .data;
    expect(list.map((d: { documentId: string }) => d.documentId)).toContain(document.documentId);
    expect(list[0].uploadBy).toBeTruthy();
    const open = await sut.app.inject({
      url: `/api/exam/${examId}/document/${document.documentId}`,
      headers: { cookie: staff },
    });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('application/pdf');
    expect(open.headers['content-disposition']).toMatch(/^inline; .*filename\*=UTF-8''/);
    expect(open.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses a document of a type §5 does not accept, and stores nothing', async () => {
    const before = await sut.database.db.select().from(documents);
    const res = await upload('document', [{ name: 'file', value: '<script>x</script>', filename: 'evil.html' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/ชนิดไฟล์ไม่รองรับ/);
    expect(await sut.database.db.select().from(documents)).toHaveLength(before.length);
  });

  it('accepts any type as a file, but serves unsafe types only as a download', async () => {
    const res = await upload('file', [
      { name: 'file', value: '<html><script>alert(1)</script></html>', filename: 'page.html' },
    ]);
    expect(res.statusCode).toBe(200);
    const { document, exam } = res.json().data;
    expect(exam.hasFile).toBe(true);
    const open = await sut.app.inject({
      url: `/api/exam/${examId}/document/${document.documentId}`,
      headers: { cookie: staff },
    });
    expect(open.headers['content-type']).toBe('application/octet-stream');
    expect(open.headers['content-disposition']).toMatch(/^attachment/);
    expect(open.headers['x-content-type-options']).toBe('nosniff');
  });

  it('without a file: "Please select file."', async () => {
    const res = await upload('document', [{ name: 'fileName', value: 'x' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select file.');
    const notMultipart = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${examId}/document`,
      headers: { cookie: staff },
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('needs EXAM_DOCUMENT_WRITE, and the exam in scope', async () => {
    const doctor = await sut.login('doctor2');
    const res = await upload('document', [{ name: 'file', value: 'x', filename: 'a.txt' }], doctor);
    expect(res.statusCode).toBe(403);
    const hospital = await sut.login('hospital');
    const [h] = await sut.database.db.select().from(users).where(eq(users.username, 'hospital'));
    const [other] = await sut.database.db
      .select()
      .from(exams)
      .where(and(isNull(exams.deletedAt), ne(exams.hospitalId, h!.hospitalId!)))
      .limit(1);
    const m = multipart([{ name: 'file', value: 'x', filename: 'a.txt' }]);
    const r2 = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${other!.id}/document`,
      headers: { ...m.headers, cookie: hospital },
      payload: m.payload,
    });
    expect(r2.statusCode).toBe(404);
  });
});
