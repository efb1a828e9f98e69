import { describe, expect, it } from 'vitest';
import { mayMoveTo, parseQueryAeTitles } from './query-ae-titles';

describe(parseQueryAeTitles.name, () => {
  it('reads plain AE titles (every study) and AE titles scoped to branches or hospitals', () => {
    const r = parseQueryAeTitles(' READING_1 , RS1_WS=branch:RS1, HOSP=hospital:H01+H02 ,');
    expect(r.ok && [...r.scopes]).toEqual([
      ['READING_1', { kind: 'all' }],
      ['RS1_WS', { kind: 'branch', codes: ['RS1'] }],
      ['HOSP', { kind: 'hospital', codes: ['H01', 'H02'] }],
    ]);
    expect(parseQueryAeTitles('')).toEqual({ ok: true, scopes: new Map() });
  });

  it('refuses a bad AE title, a bad or empty scope, and a title listed twice, naming the entry', () => {
    for (const [value, message] of [
      ['THIS_AE_TITLE_IS_TOO_LONG', /TOO_LONG.*1-16/],
      ['A\\B', /1-16/],
      ['WS=region:RS1', /branch:CODE or hospital:CODE/],
      ['WS=branch:', /branch:CODE/],
      ['WS=branch:RS1+', /branch:CODE/],
      ['WS=branch:R S1', /branch:CODE/],
      ['WS,WS=branch:RS1', /"WS" is listed twice/],
    ] as const) {
      const r = parseQueryAeTitles(value);
      expect(r.ok, value).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
    }
  });
});

describe(mayMoveTo.name, () => {
  const parsed = parseQueryAeTitles('ALL,RS1_A=branch:RS1,RS1_B=branch:RS1+RS2,RS2=branch:RS2,H1=hospital:RS1');
  const scopes = parsed.ok ? parsed.scopes : new Map();
  it('lets an unscoped AE send anywhere, and a scoped one to itself or to a node trusted with at least what it sees', () => {
    expect(mayMoveTo(scopes, 'ALL', 'VIEWER_X')).toBe(true);
    expect(mayMoveTo(scopes, 'RS1_A', 'RS1_A')).toBe(true);
    expect(mayMoveTo(scopes, 'RS1_A', 'RS1_B')).toBe(true);
    expect(mayMoveTo(scopes, 'RS1_A', 'ALL')).toBe(true);
  });
  it('refuses a scoped AE a destination trusted with less, of another kind, or not a query AE at all', () => {
    expect(mayMoveTo(scopes, 'RS1_B', 'RS1_A')).toBe(false);
    expect(mayMoveTo(scopes, 'RS1_A', 'RS2')).toBe(false);
    expect(mayMoveTo(scopes, 'RS1_A', 'H1')).toBe(false);
    expect(mayMoveTo(scopes, 'RS1_A', 'VIEWER_X')).toBe(false);
  });
});
