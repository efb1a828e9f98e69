import { describe, expect, it } from 'vitest';
import { CharacterSet, decodeTis620, encodeTis620 } from './charset';

describe(CharacterSet.name, () => {
  it('decodes every TIS-620 Thai byte like the platform windows-874 decoder', () => {
    const bytes = Uint8Array.from([
      ...Array.from({ length: 0xda - 0xa1 + 1 }, (_, i) => 0xa1 + i),
      ...Array.from({ length: 0xfb - 0xdf + 1 }, (_, i) => 0xdf + i),
    ]);
    expect(decodeTis620(bytes)).toBe(new TextDecoder('windows-874').decode(bytes));
    expect(decodeTis620(bytes).startsWith('กขฃ')).toBe(true);
  });

  it('round-trips a Thai name with stacked marks through TIS-620', () => {
    const name = 'ปู่ป้ำ^น้ำใจ สมหญิง';
    expect(decodeTis620(encodeTis620(name))).toBe(name);
  });

  it('marks unassigned TIS-620 bytes as replacement characters', () => {
    expect(decodeTis620(Uint8Array.from([0x41, 0xdb, 0xff]))).toBe('A\ufffd\ufffd');
  });

  it('decodes ISO_IR 166, ISO_IR 192 and ISO 2022 IR 166 with escapes', () => {
    const thai = 'สมชาย^ใจดี';
    expect(new CharacterSet('ISO_IR 166').decode(encodeTis620(thai))).toBe(thai);
    expect(new CharacterSet('ISO_IR 192').decode(Buffer.from(thai, 'utf8'))).toBe(thai);
    const escaped = Buffer.concat([
      Buffer.from('Somchai^Jaidee='),
      Buffer.from([0x1b, 0x2d, 0x54]),
      Buffer.from(encodeTis620(thai)),
    ]);
    expect(new CharacterSet('ISO 2022 IR 6\\ISO 2022 IR 166').decode(escaped)).toBe(`Somchai^Jaidee=${thai}`);
    expect(new CharacterSet('ISO 2022 IR 166').decode(encodeTis620(thai))).toBe(thai);
  });

  it('reads undeclared UTF-8 as UTF-8 and other undeclared high bytes as Latin-1', () => {
    expect(new CharacterSet(undefined).decode(Buffer.from('สมชาย', 'utf8'))).toBe('สมชาย');
    expect(new CharacterSet('').decode(Uint8Array.from([0x4d, 0xfc, 0x6c]))).toBe('Mül');
    expect(new CharacterSet('ISO_IR 100').decode(Uint8Array.from([0x4d, 0xfc, 0x6c]))).toBe('Mül');
  });

  it('decodes Japanese ISO 2022 (JIS X 0208) names', () => {
    const bytes = Buffer.from('Yamada^Tarou=\x1b$B;3ED\x1b(B^\x1b$BB@O:\x1b(B', 'latin1');
    expect(new CharacterSet('\\ISO 2022 IR 87').decode(bytes)).toBe('Yamada^Tarou=山田^太郎');
  });
});
