import { describe, expect, it } from 'vitest';
import { assumableCharacterSet, CharacterSet, decodeTis620, encodeTis620 } from './charset';

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

  it('reads undeclared text in the set assumed for its sender, where the UTF-8 guess misreads TIS-620', () => {
    // เทพ in TIS-620 is E0 B7 BE: valid UTF-8 (U+0DFE), so guessing gives a wrong character, not the name.
    const name = encodeTis620('เทพ^ใจดี');
    expect(new CharacterSet(undefined).decode(encodeTis620('เทพ'))).toBe('\u0dfe');
    expect(new CharacterSet(undefined, 'ISO_IR 166').decode(name)).toBe('เทพ^ใจดี');
    expect(new CharacterSet('ISO_IR 6', 'ISO_IR 166').decode(name)).toBe('เทพ^ใจดี');
    expect(new CharacterSet(undefined, 'ISO_IR 100').decode(Uint8Array.from([0x4d, 0xfc, 0x6c]))).toBe('Mül');
  });

  it('keeps a declared set over the assumed one', () => {
    const utf8 = Buffer.from('สมชาย', 'utf8');
    expect(new CharacterSet('ISO_IR 192', 'ISO_IR 166').decode(utf8)).toBe('สมชาย');
  });

  it('accepts as assumable the sets it decodes without escapes, in their defined spelling', () => {
    expect(assumableCharacterSet('ISO_IR 166')).toBe('ISO_IR 166');
    expect(assumableCharacterSet(' iso_ir_192 ')).toBe('ISO_IR 192');
    expect(assumableCharacterSet('GB18030')).toBe('GB18030');
    for (const bad of ['', 'ISO 2022 IR 166', 'UTF-8', 'TIS-620']) expect(assumableCharacterSet(bad), bad).toBeNull();
  });
});
