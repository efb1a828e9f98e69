import { describe, expect, it } from 'vitest';
import { bangkokInstant, emptyDraft, roundedBangkokNow, timeOptions, toSave } from './request-draft';

describe('request draft', () => {
  it('offers 5-minute exam times over 24 hours and 10-minute appointment steps', () => {
    expect(timeOptions(5)).toHaveLength(288);
    expect(timeOptions(5).at(-1)).toBe('23:55');
    expect(timeOptions(10)).toHaveLength(144);
  });
  it('rounds now to the nearest 10 minutes in Bangkok', () => {
    expect(roundedBangkokNow(Date.parse('2026-11-25T04:54:59Z'))).toEqual({ day: '25-11-2026', time: '11:50' });
    expect(roundedBangkokNow(Date.parse('2026-11-25T16:56:00Z'))).toEqual({ day: '26-11-2026', time: '00:00' });
  });
  it('reads a Bangkok day and time as an instant (Buddhist year too)', () => {
    expect(bangkokInstant('01-12-2026', '10:00')).toBe('2026-12-01T03:00:00.000Z');
    expect(bangkokInstant('01-12-2569', '10:00')).toBe('2026-12-01T03:00:00.000Z');
    expect(bangkokInstant('1-12-2026', '10:00')).toBeNull();
  });
  it("sends only chosen products' quantities, doses and custom prices; an empty custom price is removed", () => {
    const d = {
      ...emptyDraft('p'),
      hospitalId: 1,
      modalities: { CT: [1, 2], US: [] },
      quantity: { 1: '2', 9: '3' },
      dose: { 2: '80', 9: 'x' },
      custom: { 1: '1500.50', 2: '' },
    };
    const s = toSave(d);
    expect(s.modalities).toEqual({ CT: [1, 2] });
    expect(s.productQuantity).toEqual({ 1: 2 });
    expect(s.productDose).toEqual({ 2: '80' });
    expect(s.customProductPrice).toEqual({ items: [{ productId: 1, price: 1500.5 }] });
  });
});
