import type { PrimaryTool } from '../cornerstone/tool-group';
import { WINDOW_PRESETS, type WindowPreset } from './wl-presets';

/** Everything the toolbar and the keyboard can ask of the viewer. */
export type ViewerCommand =
  | { kind: 'scroll'; by: number }
  | { kind: 'scrollTo'; to: 'first' | 'last' }
  | { kind: 'tool'; tool: PrimaryTool }
  | { kind: 'preset'; preset: WindowPreset }
  | { kind: 'auto' | 'invert' | 'flipH' | 'flipV' | 'fit' | 'reset' | 'cine' | 'help' }
  /** Layouts: compare with a prior (1×2), link the two stacks' scrolling, MPR (three planes). */
  | { kind: 'compare' | 'link' | 'mpr' }
  | { kind: 'rotate'; by: 90 | -90 };

/** The name of a shortcut: its i18n key under viewer.keys. */
export type ShortcutLabel =
  | PrimaryTool
  | 'prev'
  | 'next'
  | 'prev10'
  | 'next10'
  | 'first'
  | 'last'
  | 'auto'
  | 'invert'
  | 'rotateRight'
  | 'rotateLeft'
  | 'flipH'
  | 'flipV'
  | 'fit'
  | 'reset'
  | 'cine'
  | 'help'
  | 'compare'
  | 'link'
  | 'mpr'
  | `preset.${WindowPreset['id']}`;

export interface Shortcut {
  keys: string[];
  label: ShortcutLabel;
  command: ViewerCommand;
}

/** Keyboard first (UI guide "Reading station"): one list drives both the key handler and the help panel. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['ArrowUp', 'ArrowLeft'], label: 'prev', command: { kind: 'scroll', by: -1 } },
  { keys: ['ArrowDown', 'ArrowRight'], label: 'next', command: { kind: 'scroll', by: 1 } },
  { keys: ['PageUp'], label: 'prev10', command: { kind: 'scroll', by: -10 } },
  { keys: ['PageDown'], label: 'next10', command: { kind: 'scroll', by: 10 } },
  { keys: ['Home'], label: 'first', command: { kind: 'scrollTo', to: 'first' } },
  { keys: ['End'], label: 'last', command: { kind: 'scrollTo', to: 'last' } },
  { keys: ['w'], label: 'windowLevel', command: { kind: 'tool', tool: 'windowLevel' } },
  { keys: ['p'], label: 'pan', command: { kind: 'tool', tool: 'pan' } },
  { keys: ['z'], label: 'zoom', command: { kind: 'tool', tool: 'zoom' } },
  { keys: ['l'], label: 'length', command: { kind: 'tool', tool: 'length' } },
  { keys: ['a'], label: 'angle', command: { kind: 'tool', tool: 'angle' } },
  { keys: ['r'], label: 'rectangle', command: { kind: 'tool', tool: 'rectangle' } },
  { keys: ['e'], label: 'ellipse', command: { kind: 'tool', tool: 'ellipse' } },
  { keys: ['x'], label: 'crosshairs', command: { kind: 'tool', tool: 'crosshairs' } },
  ...WINDOW_PRESETS.map((preset) => ({
    keys: [preset.key],
    label: `preset.${preset.id}` as const,
    command: { kind: 'preset', preset } as const,
  })),
  { keys: ['7'], label: 'auto', command: { kind: 'auto' } },
  { keys: ['i'], label: 'invert', command: { kind: 'invert' } },
  { keys: [']'], label: 'rotateRight', command: { kind: 'rotate', by: 90 } },
  { keys: ['['], label: 'rotateLeft', command: { kind: 'rotate', by: -90 } },
  { keys: ['h'], label: 'flipH', command: { kind: 'flipH' } },
  { keys: ['v'], label: 'flipV', command: { kind: 'flipV' } },
  { keys: ['f'], label: 'fit', command: { kind: 'fit' } },
  { keys: ['0'], label: 'reset', command: { kind: 'reset' } },
  { keys: [' '], label: 'cine', command: { kind: 'cine' } },
  { keys: ['c'], label: 'compare', command: { kind: 'compare' } },
  { keys: ['s'], label: 'link', command: { kind: 'link' } },
  { keys: ['m'], label: 'mpr', command: { kind: 'mpr' } },
  { keys: ['?', 'F1'], label: 'help', command: { kind: 'help' } },
];

/** The command of a key press, ignoring case and presses with Ctrl/Alt/Meta (the browser's own shortcuts). */
export function commandForKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey'>): ViewerCommand | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  return SHORTCUTS.find((s) => s.keys.includes(key))?.command ?? null;
}
