const DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];
// Place names inside one group of six digits; ล้าน joins the groups (see words()).
const PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];

/**
 * One group below a million in words. `afterHigher` says words stand before this group (e.g. "หนึ่งล้าน"):
 * a final 1 is then read เอ็ด (1,000,001 → หนึ่งล้านเอ็ด), as Excel's BAHTTEXT and Thai receipts print it.
 */
function groupWords(n: number, afterHigher: boolean): string {
  let out = '';
  const digits = String(n);
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    const place = digits.length - 1 - i;
    if (d === 0) continue;
    if (place === 0 && d === 1 && (afterHigher || n > 9)) out += 'เอ็ด';
    else if (place === 1 && d === 1)
      out += ''; // สิบ, not หนึ่งสิบ
    else if (place === 1 && d === 2) out += 'ยี่';
    else out += DIGITS[d];
    out += PLACES[place];
  }
  return out;
}

/** A whole number above zero in words; millions recurse (1,000,000,000,000 → หนึ่งล้านล้าน). */
function words(n: number): string {
  const high = Math.floor(n / 1_000_000);
  const low = n % 1_000_000;
  const head = high > 0 ? `${words(high)}ล้าน` : '';
  return head + (low > 0 ? groupWords(low, high > 0) : '');
}

/** An amount in satang as Thai receipts print it in words (125050 → หนึ่งพันสองร้อยห้าสิบบาทห้าสิบสตางค์, 100000 → หนึ่งพันบาทถ้วน). */
export function bahtText(satang: number): string {
  // Money is integer satang everywhere on the server; a fraction or a negative here is a bug upstream, not an amount.
  if (!Number.isSafeInteger(satang) || satang < 0)
    throw new RangeError(`bahtText: not a whole non-negative number of satang: ${satang}`);
  const baht = Math.floor(satang / 100);
  const rest = satang % 100;
  if (rest === 0) return `${baht === 0 ? DIGITS[0] : words(baht)}บาทถ้วน`;
  // No baht at all: only the satang are read (0.50 → ห้าสิบสตางค์), as BAHTTEXT does.
  return `${baht > 0 ? `${words(baht)}บาท` : ''}${words(rest)}สตางค์`;
}
