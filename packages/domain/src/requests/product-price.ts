/** The unit price of a product on a request (spec §5): the custom price if set, else the privilege price, else the default. */
export function unitPriceSatang(p: {
  customSatang?: number | null;
  privilegeSatang?: number | null;
  defaultSatang: number;
}): number {
  return p.customSatang ?? p.privilegeSatang ?? p.defaultSatang;
}

/** Baht as typed (at most 2 decimals, not negative) to integer satang; null when the amount is not a valid price. */
export function bahtToSatang(baht: number): number | null {
  if (typeof baht !== 'number' || !Number.isFinite(baht) || baht < 0 || baht > 100_000_000) return null;
  const satang = Math.round(baht * 100);
  // More than two decimals (e.g. 10.005) does not survive the round trip.
  if (Math.abs(baht * 100 - satang) > 1e-6) return null;
  return satang;
}

/** Product group of contrast media: their dose is entered in ml (spec §5). */
export const CONTRAST_PRODUCT_GROUP = 'เวชภัณฑ์';
/** Product name of film: its dose is entered in sheets (spec §5). */
export const FILM_PRODUCT_NAME = 'FILM';

/** The unit of a product's dose input, or null when the product takes no dose. */
export function doseUnitOf(p: { name: string; productGroup: string }): 'sheets' | 'ml' | null {
  if (p.name === FILM_PRODUCT_NAME) return 'sheets';
  if (p.productGroup === CONTRAST_PRODUCT_GROUP) return 'ml';
  return null;
}
