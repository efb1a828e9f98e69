import { afterEach, describe, expect, it, vi } from 'vitest';

describe('acceptLanguage', () => {
  afterEach(() => {
    vi.doUnmock('i18next');
    vi.resetModules();
  });

  it.each([
    ['en', 'en'],
    ['th', 'th'],
    [undefined, 'th'],
  ])('answers %s as %s', async (language, expected) => {
    vi.resetModules();
    vi.doMock('i18next', () => ({ default: { language } }));
    const { acceptLanguage: sut } = await import('./accept-language');
    expect(sut()).toBe(expected);
  });
});
