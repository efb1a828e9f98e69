import { describe, expect, it } from 'vitest';
import { languageOf } from './language';

describe(languageOf.name, () => {
  it.each([
    [undefined, 'th'],
    ['', 'th'],
    ['th', 'th'],
    ['th-TH,th;q=0.9,en-US;q=0.8,en;q=0.7', 'th'],
    ['fr-FR, de', 'th'],
    ['*', 'th'],
    ['en;q=0, th;q=0.1', 'th'],
    ['en, th', 'en'],
    ['th, en', 'th'],
    ['en-US,en;q=0.9', 'en'],
    ['fr, en;q=0.5', 'en'],
    ['th;q=0.5, en;q=0.8', 'en'],
    ['EN-GB', 'en'],
    ['en;q=abc', 'th'],
  ])('%j answers in %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});
