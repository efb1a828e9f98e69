import i18n from 'i18next';

/**
 * The UI's language for the server's Accept-Language: its messages come back in it (Thai unless English is chosen).
 * Sent explicitly because the browser would send its own locale, which need not be the language the user picked.
 */
export function acceptLanguage(): 'th' | 'en' {
  return i18n.language === 'en' ? 'en' : 'th';
}
