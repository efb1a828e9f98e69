import { jpegInfo } from './jpeg-info';

const COLOUR = { 1: '/DeviceGray', 3: '/DeviceRGB', 4: '/DeviceCMYK' } as const;

/**
 * One PDF of JPEG pages, each embedded as it is (DCTDecode: no re-encoding) on a page of its scanned size, from its
 * JFIF density or `fallbackDpi`.
 */
export function pdfOfJpegs(pages: Buffer[], fallbackDpi: number): Buffer {
  if (pages.length === 0) throw new Error('a PDF needs at least one page');
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let size = 0;
  const push = (b: Buffer | string) => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    chunks.push(buf);
    size += buf.length;
  };
  const object = (n: number, body: Buffer | string, stream?: Buffer) => {
    offsets[n] = size;
    push(`${n} 0 obj\n`);
    push(body);
    if (stream) {
      push('\nstream\n');
      push(stream);
      push('\nendstream');
    }
    push('\nendobj\n');
  };

  // Objects: 1 catalog, 2 page tree, then per page: page, contents, image.
  const pageIds = pages.map((_, i) => 3 + i * 3);
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  pages.forEach((jpeg, i) => {
    const info = jpegInfo(jpeg);
    const dpi = info.dpi ?? fallbackDpi;
    const w = ((info.width * 72) / dpi).toFixed(2);
    const h = ((info.height * 72) / dpi).toFixed(2);
    const [page, contents, image] = [pageIds[i]!, pageIds[i]! + 1, pageIds[i]! + 2];
    const draw = Buffer.from(`q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`, 'latin1');
    object(
      page,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 ${image} 0 R >> >> /Contents ${contents} 0 R >>`,
    );
    object(contents, `<< /Length ${draw.length} >>`, draw);
    // Adobe writes CMYK JPEGs inverted; the Decode array reads them the right way round.
    const decode = info.components === 4 ? ' /Decode [1 0 1 0 1 0 1 0]' : '';
    object(
      image,
      `<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace ${COLOUR[info.components]} /BitsPerComponent 8 /Filter /DCTDecode${decode} /Length ${jpeg.length} >>`,
      jpeg,
    );
  });
  const count = 3 + pages.length * 3;
  const xref = size;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let n = 1; n < count; n++) push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
