import { describe, expect, it } from 'vitest';
import {
  buildOruR01,
  escapeHl7,
  formatHl7DateTime,
  oruResultStatusOf,
  oruSectionsOf,
  parseHl7Ack,
  parseHl7Message,
  unescapeHl7,
  type OruReportInput,
} from './hl7-oru';

const NASTY = 'a|b^c~d\\e&f';

function input(overrides: Partial<OruReportInput> = {}): OruReportInput {
  return {
    controlId: 'c0ffee0123456789abcd',
    sentAt: new Date('2026-11-26T05:04:03Z'),
    sendingFacility: 'CMI',
    receivingFacility: 'H001',
    patient: {
      hn: 'HN-0001',
      prefix: 'นาย',
      firstName: 'สมชาย',
      lastName: 'ใจดี',
      birthDate: '1968-07-02',
      gender: 'Male',
    },
    order: {
      accessionNumber: 'CMI2611260001',
      examCode: 'CT_BRAIN',
      examDescription: 'CT Brain non-contrast',
      observedAt: new Date('2026-11-26T01:00:00Z'),
      reportedAt: new Date('2026-11-26T04:30:00Z'),
      resultStatus: 'F',
      referringPhysician: 'พญ. มาลี',
    },
    sections: oruSectionsOf({
      clinicalInformation: 'ปวดศีรษะ 3 วัน',
      technique: 'Axial CT without contrast.',
      findings: 'No acute intracranial hemorrhage.\n\nVentricles normal.\n',
      impression: 'ไม่พบเลือดออกในสมอง',
    }),
    reader: { id: 'ว.12345', name: 'นพ. สมศักดิ์ รักดี' },
    ...overrides,
  };
}

/** Field n (HL7 numbering) of the first segment named `name`. */
function field(message: string, name: string, n: number): string {
  const seg = parseHl7Message(message)!.segments.find((s) => s[0] === name);
  return seg?.[n] ?? '';
}

describe(buildOruR01.name, () => {
  it('writes MSH with RANGSI, the hospital as receiving facility, ORU^R01, version 2.5 and UTF-8', () => {
    const sut = buildOruR01(input());
    expect(
      sut.startsWith('MSH|^~\\&|RANGSI|CMI|HIS|H001|20261126120403+0700||ORU^R01^ORU_R01|c0ffee0123456789abcd|P|2.5|'),
    ).toBe(true);
    expect(field(sut, 'MSH', 17)).toBe('THA');
    expect(field(sut, 'MSH', 18)).toBe('UNICODE UTF-8');
    expect(sut.endsWith('\r')).toBe(true);
    expect(sut).not.toContain('\n');
  });

  it('has the segments in ORU^R01 order and the patient, order and reader where HL7 puts them', () => {
    const sut = buildOruR01(input());
    const names = parseHl7Message(sut)!.segments.map((s) => s[0]);
    expect(names.slice(0, 4)).toEqual(['MSH', 'PID', 'ORC', 'OBR']);
    expect(new Set(names.slice(4))).toEqual(new Set(['OBX']));
    expect(field(sut, 'PID', 3)).toBe('HN-0001^^^H001^MR');
    expect(field(sut, 'PID', 5)).toBe('ใจดี^สมชาย^^^นาย');
    expect(field(sut, 'PID', 7)).toBe('19680702');
    expect(field(sut, 'PID', 8)).toBe('M');
    expect(field(sut, 'OBR', 2)).toBe('CMI2611260001');
    expect(field(sut, 'OBR', 3)).toBe('CMI2611260001');
    expect(field(sut, 'OBR', 4)).toBe('CT_BRAIN^CT Brain non-contrast^L');
    expect(field(sut, 'OBR', 7)).toBe('20261126080000+0700');
    expect(field(sut, 'OBR', 16)).toBe('^พญ. มาลี');
    expect(field(sut, 'OBR', 22)).toBe('20261126113000+0700');
    expect(field(sut, 'OBR', 25)).toBe('F');
    expect(field(sut, 'OBR', 32)).toBe('ว.12345&นพ. สมศักดิ์ รักดี');
  });

  it('writes one TX OBX per line, each section headed by its label and coded, blank edges dropped and paragraphs kept', () => {
    const obx = parseHl7Message(buildOruR01(input()))!.segments.filter((s) => s[0] === 'OBX');
    expect(obx.map((s) => s[5])).toEqual([
      'CLINICAL INFORMATION:',
      'ปวดศีรษะ 3 วัน',
      'TECHNIQUE:',
      'Axial CT without contrast.',
      'FINDINGS:',
      'No acute intracranial hemorrhage.',
      '',
      'Ventricles normal.',
      'IMPRESSION:',
      'ไม่พบเลือดออกในสมอง',
    ]);
    expect(obx.map((s) => s[1])).toEqual(obx.map((_, i) => String(i + 1)));
    expect(new Set(obx.map((s) => s[2]))).toEqual(new Set(['TX']));
    expect(obx.map((s) => s[4])).toEqual(['1', '1', '2', '2', '3', '3', '3', '3', '4', '4']);
    expect(obx[0]![3]).toBe('55752-0^Clinical information^LN');
    expect(obx[9]![3]).toBe('19005-8^Radiology Imaging study [Impression] (narrative)^LN');
    expect(new Set(obx.map((s) => s[11]))).toEqual(new Set(['F']));
    expect(obx[0]![16]).toBe('ว.12345^นพ. สมศักดิ์ รักดี');
  });

  it('escapes | ^ ~ \\ & and line breaks in every field, so Thai text with delimiters comes back unchanged', () => {
    const thai = `ผลตรวจ ${NASTY} ก้อน 2×3 ซม.`;
    const sut = buildOruR01(
      input({
        controlId: 'id|1',
        sendingFacility: `B${NASTY}`,
        receivingFacility: `H${NASTY}`,
        patient: {
          hn: `HN${NASTY}`,
          firstName: `สม${NASTY}`,
          lastName: 'ใจ\rดี',
          birthDate: '1968-07-02',
          gender: 'Female',
        },
        order: {
          ...input().order,
          accessionNumber: `ACC${NASTY}`,
          examCode: NASTY,
          examDescription: `คำอธิบาย${NASTY}`,
          referringPhysician: NASTY,
        },
        sections: oruSectionsOf({ findings: `${thai}\r\nบรรทัดสอง ${NASTY}`, impression: '\\.br\\ \\X0D\\' }),
        reader: { id: NASTY, name: `หมอ${NASTY}` },
      }),
    );
    const parsed = parseHl7Message(sut)!;
    // The structure did not move: the same segments, each with its fields where they belong.
    expect(parsed.segments.map((s) => s[0])).toEqual(['MSH', 'PID', 'ORC', 'OBR', ...Array<string>(5).fill('OBX')]);
    expect(sut.split('\r').filter(Boolean)).toHaveLength(9);
    expect(field(sut, 'MSH', 9)).toBe('ORU^R01^ORU_R01');
    expect(field(sut, 'MSH', 12)).toBe('2.5');
    expect(field(sut, 'OBR', 25)).toBe('F');
    const value = (name: string, n: number) => unescapeHl7(field(sut, name, n));
    expect(value('MSH', 10)).toBe('id|1');
    expect(value('MSH', 4)).toBe(`B${NASTY}`);
    expect(value('MSH', 6)).toBe(`H${NASTY}`);
    expect(
      field(sut, 'PID', 3)
        .split('^')
        .map((c) => unescapeHl7(c)),
    ).toEqual([`HN${NASTY}`, '', '', `H${NASTY}`, 'MR']);
    expect(
      field(sut, 'PID', 5)
        .split('^')
        .map((c) => unescapeHl7(c)),
    ).toEqual(['ใจ\rดี', `สม${NASTY}`]);
    expect(field(sut, 'PID', 8)).toBe('F');
    expect(value('OBR', 2)).toBe(`ACC${NASTY}`);
    expect(
      field(sut, 'OBR', 4)
        .split('^')
        .map((c) => unescapeHl7(c)),
    ).toEqual([NASTY, `คำอธิบาย${NASTY}`, 'L']);
    expect(
      field(sut, 'OBR', 32)
        .split('&')
        .map((c) => unescapeHl7(c)),
    ).toEqual([NASTY, `หมอ${NASTY}`]);
    const lines = parsed.segments.filter((s) => s[0] === 'OBX').map((s) => unescapeHl7(s[5]!));
    expect(lines).toEqual(['FINDINGS:', thai, `บรรทัดสอง ${NASTY}`, 'IMPRESSION:', '\\.br\\ \\X0D\\']);
  });

  it('marks preliminary reports P and addenda C, in OBR-25 and every OBX-11', () => {
    expect(oruResultStatusOf('final')).toBe('F');
    expect(oruResultStatusOf('preliminary')).toBe('P');
    expect(oruResultStatusOf('addendum')).toBe('C');
    const sut = buildOruR01(
      input({
        order: { ...input().order, resultStatus: 'C' },
        sections: oruSectionsOf({ impression: 'เหมือนเดิม', addendum: 'เพิ่มเติม: วัดขนาดใหม่' }),
      }),
    );
    expect(field(sut, 'OBR', 25)).toBe('C');
    const obx = parseHl7Message(sut)!.segments.filter((s) => s[0] === 'OBX');
    expect(new Set(obx.map((s) => s[11]))).toEqual(new Set(['C']));
    expect(obx.map((s) => s[5])).toEqual(['IMPRESSION:', 'เหมือนเดิม', 'ADDENDUM:', 'เพิ่มเติม: วัดขนาดใหม่']);
  });

  it('leaves out what is unknown: no birth date, sex U, no referring doctor', () => {
    const sut = buildOruR01(
      input({ patient: { hn: '1', firstName: 'ก' }, order: { ...input().order, referringPhysician: null } }),
    );
    expect(field(sut, 'PID', 5)).toBe('^ก');
    expect(field(sut, 'PID', 7)).toBe('');
    expect(field(sut, 'PID', 8)).toBe('U');
    expect(field(sut, 'OBR', 16)).toBe('');
  });
});

describe(oruSectionsOf.name, () => {
  it('keeps the known sections with text, in report order, and ignores anything else', () => {
    const sut = oruSectionsOf({ impression: 'I', findings: 'F', technique: '  ', other: 'x', clinicalInformation: 3 });
    expect(sut.map((s) => s.label)).toEqual(['FINDINGS:', 'IMPRESSION:']);
    expect(oruSectionsOf(null)).toEqual([]);
  });
});

describe(escapeHl7.name, () => {
  it('escapes each delimiter with its HL7 sequence and control characters as hex', () => {
    expect(escapeHl7(NASTY)).toBe('a\\F\\b\\S\\c\\R\\d\\E\\e\\T\\f');
    expect(escapeHl7('ก\r\nข\tค')).toBe('ก\\X0D\\\\X0A\\ข\\X09\\ค');
    expect(escapeHl7('ภาษาไทย 😀')).toBe('ภาษาไทย 😀');
  });
  it('round-trips through unescapeHl7, which also reads \\.br\\ and multi-byte hex', () => {
    for (const s of [NASTY, 'ก\r\nข', '\\E\\', '\\\\', '', 'ไม่มีอะไร']) expect(unescapeHl7(escapeHl7(s))).toBe(s);
    expect(unescapeHl7('a\\.br\\b')).toBe('a\nb');
    expect(unescapeHl7('\\XE0B881\\')).toBe('ก');
    expect(unescapeHl7('\\Z99\\ \\constructor\\ \\')).toBe('\\Z99\\ \\constructor\\ \\');
  });
});

describe(formatHl7DateTime.name, () => {
  it('writes Bangkok time with its offset (UTC 17:30 is the next day)', () => {
    expect(formatHl7DateTime(new Date('2026-12-31T17:30:05Z'))).toBe('20270101003005+0700');
  });
});

describe(parseHl7Ack.name, () => {
  const ack = (msa: string, extra = '') =>
    `MSH|^~\\&|HIS|H001|RANGSI|CMI|20261126120404+0700||ACK^R01^ACK|A1|P|2.5\r${msa}\r${extra}`;

  it('reads AA, AE and AR with the acknowledged control id and the text', () => {
    expect(parseHl7Ack(ack('MSA|AA|c0ffee'))).toEqual({ code: 'AA', accepted: true, controlId: 'c0ffee', text: '' });
    expect(parseHl7Ack(ack('MSA|AE|c0ffee|HN ไม่พบ \\F\\ ในระบบ'))).toEqual({
      code: 'AE',
      accepted: false,
      controlId: 'c0ffee',
      text: 'HN ไม่พบ | ในระบบ',
    });
    expect(parseHl7Ack(ack('MSA|AR|c0ffee', 'ERR||||E||||ส่วน OBR ไม่ครบ\r'))).toMatchObject({
      code: 'AR',
      accepted: false,
      text: 'ส่วน OBR ไม่ครบ',
    });
    expect(parseHl7Ack(ack('MSA|CA|x'))?.accepted).toBe(true);
  });

  it('accepts LF or CRLF segment ends, MLLP framing and other delimiters', () => {
    expect(parseHl7Ack(`\x0bMSH|^~\\&|HIS\r\nMSA|AA|1\r\n\x1c\r`)).toMatchObject({ code: 'AA', controlId: '1' });
    expect(parseHl7Ack('MSH#$~\\&#HIS\nMSA#AE$x#1#bad \\F\\ one')).toEqual({
      code: 'AE',
      accepted: false,
      controlId: '1',
      text: 'bad # one',
    });
  });

  it('is null for anything that is not an ACK', () => {
    for (const s of [
      '',
      'OK',
      '<html>503</html>',
      '{"success":true}',
      'MSH|^~\\&|HIS',
      ack('MSA|ZZ|1'),
      ack('PID|1'),
    ]) {
      expect(parseHl7Ack(s)).toBeNull();
    }
  });
});
