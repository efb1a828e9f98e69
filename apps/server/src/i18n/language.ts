import type { Language } from './catalogue';

/**
 * The language of an answer: Thai, unless the request's Accept-Language ranks English above Thai (RFC 9110 §12.5.4,
 * by q-value; an equal q keeps the order given). Other languages and `*` do not count: Thai is the default.
 */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  let best: { language: Language; q: number } | null = null;
  for (const entry of header.split(',').slice(0, 32)) {
    const [range = '', ...attributes] = entry.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (primary !== 'th' && primary !== 'en') continue;
    const qAttribute = attributes.map((a) => a.trim().toLowerCase()).find((a) => a.startsWith('q='));
    const q = qAttribute === undefined ? 1 : Number(qAttribute.slice(2));
    if (!(q > 0 && q <= 1)) continue;
    if (best === null || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? 'th';
}
