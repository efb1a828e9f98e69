import { describe, expect, it } from 'vitest';
import {
  crc16Ccitt,
  hasValidEmvCrc,
  parseEmvTlv,
  promptPayPayload,
  promptPayReference,
  type PromptPayBill,
  type PromptPayProxy,
} from './promptpay';

// Payloads printed by two independent, widely used generators (the promptpay-qr and promptparse npm packages' own
// tests); banks' apps scan them. Their field order differs from ours (EMVCo fixes only 00 first and 63 last), so
// ours are compared field by field and their CRCs check our CRC.
const PROMPTPARSE_BILL_WITH_AMOUNT =
  '00020101021230650016A00000067701011201150994000165501000212123456789012030667042953037645802TH54073649.2263044534';
const PROMPTPARSE_MOBILE_30_BAHT =
  '00020101021229370016A0000006770101110113006681222333353037645802TH540530.0063043CAD';
const KNOWN_GOOD = [
  PROMPTPARSE_BILL_WITH_AMOUNT,
  PROMPTPARSE_MOBILE_30_BAHT,
  '00020101021130620016A000000677010112011301122334455660211CUSTOMER0010306INV00153037645802TH62070703SCB6304780E',
  '00020101021129370016A000000677010111011300668012345675802TH530376463046197',
  '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A',
  '00020101021129370016A000000677010111021301234567890125802TH530376463040CBD',
  '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
];

/** Every field of a payload with its nested merchant-account template opened, CRC left out. */
function fieldsOf(payload: string): Record<string, string | Record<string, string>> {
  const out: Record<string, string | Record<string, string>> = {};
  for (const [tag, value] of parseEmvTlv(payload)) {
    if (tag === '63') continue;
    out[tag] = tag === '29' || tag === '30' ? Object.fromEntries(parseEmvTlv(value)) : value;
  }
  return out;
}

describe(crc16Ccitt.name, () => {
  it('gives the CRC-16/CCITT-FALSE check value of "123456789"', () => expect(crc16Ccitt('123456789')).toBe('29B1'));
  it.each(KNOWN_GOOD)('reproduces the CRC of a known payload %#', (payload) => {
    expect(crc16Ccitt(payload.slice(0, -4))).toBe(payload.slice(-4));
    expect(hasValidEmvCrc(payload)).toBe(true);
  });
  it('notices one changed character', () => {
    expect(hasValidEmvCrc(PROMPTPARSE_MOBILE_30_BAHT.replace('30.00', '80.00'))).toBe(false);
  });
});

describe(promptPayPayload.name, () => {
  it('writes a bill payment with the same fields as a known generator, dynamic, CRC last', () => {
    const payload = promptPayPayload({
      billerId: '099400016550100',
      reference1: '123456789012',
      reference2: '670429',
      amountSatang: 364_922,
    });
    expect(payload).toBe(
      '00020101021230650016A00000067701011201150994000165501000212123456789012030667042953037645407' +
        '3649.225802TH6304' +
        crc16Ccitt(payload.slice(0, -4)),
    );
    expect(fieldsOf(payload)).toEqual(fieldsOf(PROMPTPARSE_BILL_WITH_AMOUNT));
    expect(hasValidEmvCrc(payload)).toBe(true);
  });

  it('leaves reference 2 out when not given', () => {
    const fields = fieldsOf(
      promptPayPayload({ billerId: '010555012345601', reference1: 'BL2569RS100001', amountSatang: 125_050 }),
    );
    expect(fields['30']).toEqual({ '00': 'A000000677010112', '01': '010555012345601', '02': 'BL2569RS100001' });
    expect(fields['54']).toBe('1250.50');
  });

  it.each(['0812223333', '081-222-3333', '+66812223333'])('pays mobile %s as 0066 + the number', (proxy) => {
    expect(fieldsOf(promptPayPayload({ proxy, amountSatang: 3000 }))).toEqual(fieldsOf(PROMPTPARSE_MOBILE_30_BAHT));
  });

  it('pays a national or tax id under tag 02 of template 29', () => {
    const fields = fieldsOf(promptPayPayload({ proxy: '0-1234-56789-01-2', amountSatang: 1 }));
    expect(fields['29']).toEqual({ '00': 'A000000677010111', '02': '0123456789012' });
    expect(fields['54']).toBe('0.01');
  });

  it('writes the amount with two decimals and the ceiling of a money field', () => {
    expect(fieldsOf(promptPayPayload({ proxy: '0812223333', amountSatang: 1_000_000_000 }))['54']).toBe('10000000.00');
    expect(fieldsOf(promptPayPayload({ proxy: '0812223333', amountSatang: 105 }))['54']).toBe('1.05');
  });

  it.each<[PromptPayBill | PromptPayProxy, string]>([
    [{ billerId: '09940001655010', reference1: 'A', amountSatang: 100 }, 'biller id of 14 digits'],
    [{ billerId: '099400016550100', reference1: '', amountSatang: 100 }, 'empty reference 1'],
    [{ billerId: '099400016550100', reference1: 'BL2569-RS1-00001', amountSatang: 100 }, 'a hyphen in a reference'],
    [{ billerId: '099400016550100', reference1: 'A'.repeat(21), amountSatang: 100 }, 'a reference of 21 characters'],
    [{ billerId: '099400016550100', reference1: 'A', reference2: 'ก', amountSatang: 100 }, 'Thai in reference 2'],
    [{ proxy: '021234567', amountSatang: 100 }, 'a landline'],
    [{ proxy: '123456789012', amountSatang: 100 }, 'an id of 12 digits'],
    [{ proxy: '0812223333', amountSatang: 0 }, 'no amount'],
    [{ proxy: '0812223333', amountSatang: 12.5 }, 'a fraction of a satang'],
    [{ proxy: '0812223333', amountSatang: -100 }, 'a negative amount'],
  ])('refuses %j (%s)', (input, _why) => {
    expect(() => promptPayPayload(input)).toThrow(RangeError);
  });
});

describe(promptPayReference.name, () => {
  it('keeps the letters and digits of a document number', () =>
    expect(promptPayReference('bl2569-RS1-00001')).toBe('BL2569RS100001'));
});

describe(parseEmvTlv.name, () => {
  it('reads tags in order', () =>
    expect([...parseEmvTlv('000411110104222202043333')]).toEqual([
      ['00', '1111'],
      ['01', '2222'],
      ['02', '3333'],
    ]));
  it.each(['0005abc', '00', 'xx02ab'])('refuses the malformed %s', (bad) =>
    expect(() => parseEmvTlv(bad)).toThrow(RangeError),
  );
});
