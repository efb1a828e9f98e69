import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import th from './th.json';

export const LANGUAGES = ['th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'rangsi.language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof th };
  }
}

export function isLanguage(value: unknown): value is Language {
  return value === 'th' || value === 'en';
}

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be disabled by policy on shared workstations; Thai is the default anyway.
  }
  return 'th';
}

/** Keys asked for that have no text (names only, never values), read by the end-to-end tests. */
function noteMissingKey(key: string): void {
  const w = window as { __i18nMissing?: string[] };
  (w.__i18nMissing ??= []).push(key);
}

function rememberLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembering the choice is acceptable; the switch still works for this page.
  }
}

void i18n.use(initReactI18next).init({
  resources: { th: { translation: th }, en: { translation: en } },
  lng: readStoredLanguage(),
  fallbackLng: 'th',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  // Resources are bundled, so there is nothing to wait for; rendering in the wrong language first would flash.
  initAsync: false,
  // i18next otherwise advertises a hosted service in every user's browser console.
  showSupportNotice: false,
  // A key with no text shows as its path: each one is noted for the Thai route walk (e2e thai-route-walk.spec.ts).
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => noteMissingKey(key),
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', rememberLanguage);

export { i18n };
