import { describe, expect, it } from 'vitest';
import { FORCED_ACCESSION_FORMAT, formatAccessionNumber, isAutomaticAccessionNumber } from './accession-number';
import { formatSatang } from '../money/format-money';
import { bahtToSatang, doseUnitOf, unitPriceSatang } from './product-price';
import { missingRequestDocumentNames, requiredRequestDocumentCodes } from './required-documents';
import { dependencyMatches, isFieldShown } from './field-dependency';

describe(formatAccessionNumber.name, () => {
  it('writes branch code, yyMMdd and a padded sequence', () => {
    expect(formatAccessionNumber('{branch}{yyMMdd}{seq:4}', { branchCode: 'RS1', day: '2026-11-25', seq: 7 })).toBe(
      'RS12611250007',
    );
    expect(
      formatAccessionNumber('{branch}-{yyyyMMdd}-{seq:3}', { branchCode: 'RS2', day: '2026-01-02', seq: 12 }),
    ).toBe('RS2-20260102-012');
  });
  it('grows past the padding rather than wrapping', () => {
    expect(formatAccessionNumber('{branch}{yyMMdd}{seq:4}', { branchCode: 'RS1', day: '2026-11-25', seq: 10000 })).toBe(
      'RS126112510000',
    );
  });
});

describe(isAutomaticAccessionNumber.name, () => {
  it('recognises the automatic shape of a branch for any day and sequence', () => {
    expect(isAutomaticAccessionNumber('{branch}{yyMMdd}{seq:4}', 'RS1', 'RS12612010001')).toBe(true);
    expect(isAutomaticAccessionNumber('{branch}{yyMMdd}{seq:4}', 'RS1', 'rs12001019999')).toBe(true);
    expect(isAutomaticAccessionNumber('{branch}{yyMMdd}{seq:4}', 'RS1', 'RS126112510000')).toBe(true);
    expect(isAutomaticAccessionNumber('{branch}-{yyyyMMdd}-{seq:3}', 'R.2', 'R.2-20260102-012')).toBe(true);
  });
  it('leaves other numbers free', () => {
    expect(isAutomaticAccessionNumber('{branch}{yyMMdd}{seq:4}', 'RS1', 'RS22612010001')).toBe(false);
    expect(isAutomaticAccessionNumber('{branch}{yyMMdd}{seq:4}', 'RS1', 'RS1261201001')).toBe(false);
    expect(isAutomaticAccessionNumber('{branch}{yyMMdd}{seq:4}', 'RS1', 'EXT-0001')).toBe(false);
    expect(isAutomaticAccessionNumber('{branch}-{yyyyMMdd}-{seq:3}', 'R.2', 'RX2-20260102-012')).toBe(false);
  });
});

describe('FORCED_ACCESSION_FORMAT', () => {
  it('takes at most 16 letters, digits and . _ / -', () => {
    expect(FORCED_ACCESSION_FORMAT.test('EXT-2026/001')).toBe(true);
    expect(FORCED_ACCESSION_FORMAT.test('A'.repeat(17))).toBe(false);
    expect(FORCED_ACCESSION_FORMAT.test('A\\B')).toBe(false);
    expect(FORCED_ACCESSION_FORMAT.test('เลข1')).toBe(false);
    expect(FORCED_ACCESSION_FORMAT.test('-A')).toBe(false);
  });
});

describe('prices', () => {
  it('takes custom, then privilege, then default', () => {
    expect(unitPriceSatang({ customSatang: 100, privilegeSatang: 200, defaultSatang: 300 })).toBe(100);
    expect(unitPriceSatang({ customSatang: null, privilegeSatang: 200, defaultSatang: 300 })).toBe(200);
    expect(unitPriceSatang({ defaultSatang: 300 })).toBe(300);
    expect(unitPriceSatang({ customSatang: 0, privilegeSatang: 200, defaultSatang: 300 })).toBe(0);
  });
  it('accepts baht with at most two decimals and never a negative amount', () => {
    expect(bahtToSatang(1500.5)).toBe(150050);
    expect(bahtToSatang(0.29)).toBe(29);
    expect(bahtToSatang(10.005)).toBeNull();
    expect(bahtToSatang(-1)).toBeNull();
    expect(bahtToSatang(Number.NaN)).toBeNull();
  });
  it('shows 2 decimals with thousands separators', () => {
    expect(formatSatang(123456789)).toBe('1,234,567.89');
    expect(formatSatang(0)).toBe('0.00');
  });
  it('asks film in sheets and contrast media in ml', () => {
    expect(doseUnitOf({ name: 'FILM', productGroup: 'FILM' })).toBe('sheets');
    expect(doseUnitOf({ name: 'Iopamidol', productGroup: 'เวชภัณฑ์' })).toBe('ml');
    expect(doseUnitOf({ name: 'CT Brain', productGroup: 'ตรวจ' })).toBeNull();
  });
});

describe(requiredRequestDocumentCodes.name, () => {
  it('needs the order always, consent and creatinine with contrast, screening for MR', () => {
    expect(requiredRequestDocumentCodes({ modalityCodes: ['US'], hasContrast: false })).toEqual(['ORDER']);
    expect(requiredRequestDocumentCodes({ modalityCodes: ['CT', 'MR'], hasContrast: true })).toEqual([
      'ORDER',
      'CONTRAST_CONSENT',
      'LAB_CREATININE',
      'MRI_SCREENING',
    ]);
  });
});

describe('additional field dependencies', () => {
  it('compares numbers as numbers and text with contains', () => {
    expect(dependencyMatches('10', '>', '9')).toBe(true);
    expect(dependencyMatches('10', '<=', '9')).toBe(false);
    expect(dependencyMatches('9', '>=', '9')).toBe(true);
    expect(dependencyMatches('8', '<', '9')).toBe(true);
    expect(dependencyMatches('ตั้งครรภ์', '=', 'ตั้งครรภ์')).toBe(true);
    expect(dependencyMatches(['ปวด', 'คลำได้ก้อน'], 'contains', 'ก้อน')).toBe(true);
    expect(dependencyMatches('', '=', '')).toBe(false);
  });
  it('shows a field only when its show rule matches, hides it when a hide rule matches', () => {
    const show = [{ dependencyFieldId: 'a', trigOperator: '=', trigValue: 'x', action: 'show' }];
    expect(isFieldShown(true, show, { a: 'x' })).toBe(true);
    expect(isFieldShown(true, show, { a: 'y' })).toBe(false);
    const hide = [{ dependencyFieldId: 'a', trigOperator: '>', trigValue: '5', action: 'hide' }];
    expect(isFieldShown(true, hide, { a: 6 })).toBe(false);
    expect(isFieldShown(true, hide, { a: 4 })).toBe(true);
    expect(isFieldShown(false, null, {})).toBe(false);
  });
});

describe(missingRequestDocumentNames.name, () => {
  const documentTypes = [
    { id: 1, code: 'ORDER', name: 'ใบสั่งแพทย์' },
    { id: 2, code: 'CONTRAST_CONSENT', name: 'ใบยินยอมฉีดสารทึบรังสี' },
    { id: 3, code: 'LAB_CREATININE', name: 'ผลเลือด (Creatinine)' },
    { id: 4, code: 'MRI_SCREENING', name: 'แบบคัดกรอง MRI' },
  ];
  it('lists the required types not uploaded, in the rule order', () => {
    const products = [
      { modalityCode: 'CT', productGroup: 'เวชภัณฑ์' },
      { modalityCode: 'MR', productGroup: 'ตรวจ' },
    ];
    expect(missingRequestDocumentNames({ products, documentTypeIds: [2, null], documentTypes }, 'เวชภัณฑ์')).toEqual([
      'ใบสั่งแพทย์',
      'ผลเลือด (Creatinine)',
      'แบบคัดกรอง MRI',
    ]);
  });
  it('skips a required code no document type is configured for', () => {
    expect(
      missingRequestDocumentNames(
        {
          products: [{ modalityCode: 'MR', productGroup: 'ตรวจ' }],
          documentTypeIds: [],
          documentTypes: documentTypes.slice(0, 1),
        },
        'เวชภัณฑ์',
      ),
    ).toEqual(['ใบสั่งแพทย์']);
  });
});
