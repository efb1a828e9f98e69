import { describe, expect, it } from 'vitest';
import { SHORTCUTS, commandForKey } from './viewer-commands';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) =>
  commandForKey({ key, ctrlKey: false, altKey: false, metaKey: false, ...mods });

describe('viewer shortcuts', () => {
  it('maps keys to commands, case-insensitive', () => {
    expect(press('ArrowDown')).toEqual({ kind: 'scroll', by: 1 });
    expect(press('L')).toEqual({ kind: 'tool', tool: 'length' });
    expect(press('3')).toMatchObject({ kind: 'preset', preset: { id: 'lung' } });
    expect(press('?')).toEqual({ kind: 'help' });
  });

  it("leaves the browser's own shortcuts alone", () => {
    expect(press('r', { ctrlKey: true })).toBeNull();
    expect(press('q')).toBeNull();
  });

  it('uses each key once', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
