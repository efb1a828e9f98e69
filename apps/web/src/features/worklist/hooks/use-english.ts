import { useTranslation } from 'react-i18next';

/**
 * The English labels of the spec next to the Thai ones ("Thai first, with the spec's English where it shows
 * English"): returns the English text of a key while the UI is in Thai, and undefined in English (no repeat).
 */
export function useEnglish() {
  const { i18n } = useTranslation();
  const english = i18n.getFixedT('en');
  const inThai = i18n.resolvedLanguage !== 'en';
  return { english, inThai };
}
