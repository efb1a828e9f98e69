import { expect, test, type BrowserContext } from '@playwright/test';

/**
 * Collects what the browser refuses under the server's Content-Security-Policy (decision sec41) in a context, its
 * frames and its popups: Chromium reports each refusal on the console.
 */
export function watchCspViolations(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) seen.push(text);
  });
  return seen;
}

/** Called at the top of a spec file: each test fails when its page hit the CSP (something the app needs was blocked). */
export function failOnCspViolations(): void {
  let seen: string[] = [];
  test.beforeEach(({ context }) => {
    seen = watchCspViolations(context);
  });
  test.afterEach(() => {
    expect(seen, 'Content-Security-Policy violations').toEqual([]);
  });
}
