/** Thai national ID: 13 digits, the last a check digit over the first 12 (weights 13 down to 2, mod 11). */
export function nationalIdCheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return (11 - (sum % 11)) % 10;
}

/** True for 13 digits whose last is the check digit of the first 12. */
export function isValidNationalId(id: string): boolean {
  return /^\d{13}$/.test(id) && nationalIdCheckDigit(id.slice(0, 12)) === Number(id[12]);
}

/** Completes 12 digits with their check digit. */
export function withCheckDigit(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error('need 12 digits');
  return `${first12}${nationalIdCheckDigit(first12)}`;
}
