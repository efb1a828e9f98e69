import type { Types } from '@cornerstonejs/core';
import { utilities as toolUtilities } from '@cornerstonejs/tools';
import { useCallback, useEffect, useState } from 'react';
import {
  applyAutoWindowAll,
  applyPresetAll,
  fitAll,
  resetAll,
  scrollPlane,
  scrollPlaneToEnd,
  toggleInvertAll,
} from '../cornerstone/mpr-actions';
import { selectPrimaryTool, type PrimaryTool } from '../cornerstone/tool-group';
import {
  applyAutoWindow,
  applyPreset,
  fit,
  flip,
  resetView,
  rotate,
  scrollTo,
  toggleInvert,
} from '../cornerstone/viewport-actions';
import { commandForKey, type ViewerCommand } from '../lib/viewer-commands';

/** The three planes of MPR: the window, invert and reset apply to all; scrolling to the active one. */
export interface MprTarget {
  viewports: () => Types.IVolumeViewport[];
  active: () => Types.IVolumeViewport | null;
  toolGroupId: string;
}

export interface CommandTarget {
  /** The stack viewport of the active pane (1×1 or 1×2 layouts). */
  stack: () => Types.IStackViewport | null;
  /** The element cine plays on: the active pane's. */
  cineElement: () => HTMLDivElement | null;
  /** Every stack pane's tool group: the left-button tool is the same in each. */
  toolGroupIds: string[];
  /** Set while MPR is shown. */
  mpr: MprTarget | null;
  /** Layout commands (compare, link, MPR) belong to the page. */
  layout: (kind: 'compare' | 'link' | 'mpr') => void;
}

/** MPR: what a volume of three planes can do; rotate, flip and cine belong to the stack. */
function runMpr(mpr: MprTarget, c: ViewerCommand): void {
  const all = mpr.viewports();
  const active = mpr.active();
  switch (c.kind) {
    case 'scroll':
      return active ? scrollPlane(active, c.by) : undefined;
    case 'scrollTo':
      return active ? scrollPlaneToEnd(active, c.to) : undefined;
    case 'preset':
      return applyPresetAll(all, c.preset);
    case 'auto':
      return applyAutoWindowAll(all);
    case 'invert':
      return toggleInvertAll(all);
    case 'fit':
      return fitAll(all);
    case 'reset':
      return resetAll(all, mpr.toolGroupId);
    default:
      return undefined;
  }
}

/**
 * Runs toolbar and keyboard commands on the active pane (or the MPR planes); holds the left-button tool, cine and
 * the help panel.
 */
export function useViewerCommands(target: CommandTarget) {
  const { stack, cineElement, toolGroupIds, mpr, layout } = target;
  const [tool, setTool] = useState<PrimaryTool>('windowLevel');
  const [playing, setPlaying] = useState(false);
  const [fps, setFps] = useState(10);
  const [help, setHelp] = useState(false);
  const inMpr = mpr !== null;
  const groupsKey = toolGroupIds.join(' ');

  // MPR opens with the crosshairs on the left button; leaving it brings W/L back (crosshairs exist only there).
  const [mode, setMode] = useState(inMpr);
  if (mode !== inMpr) {
    setMode(inMpr);
    setTool(inMpr ? 'crosshairs' : 'windowLevel');
  }

  // A pane that opens later (the prior) gets the tool already chosen.
  useEffect(() => {
    if (inMpr) return;
    for (const id of groupsKey.split(' ')) if (id) selectPrimaryTool(id, tool);
  }, [groupsKey, tool, inMpr]);

  const stopCine = useCallback(() => {
    const el = cineElement();
    if (el) {
      try {
        toolUtilities.cine.stopClip(el);
      } catch {
        // Nothing was playing there.
      }
    }
    setPlaying(false);
  }, [cineElement]);

  const startCine = useCallback(
    (framesPerSecond: number) => {
      const el = cineElement();
      if (!el) return;
      toolUtilities.cine.playClip(el, { framesPerSecond, loop: true });
      setPlaying(true);
    },
    [cineElement],
  );

  const run = useCallback(
    (c: ViewerCommand) => {
      if (c.kind === 'help') return setHelp((h) => !h);
      if (c.kind === 'compare' || c.kind === 'link' || c.kind === 'mpr') {
        if (playing) stopCine();
        return layout(c.kind);
      }
      if (c.kind === 'tool') {
        if (mpr) {
          selectPrimaryTool(mpr.toolGroupId, c.tool);
          return setTool(c.tool);
        }
        if (c.tool === 'crosshairs') return undefined;
        for (const id of toolGroupIds) selectPrimaryTool(id, c.tool);
        return setTool(c.tool);
      }
      if (mpr) return runMpr(mpr, c);
      const vp = stack();
      if (!vp) return;
      switch (c.kind) {
        case 'scroll':
          return scrollTo(vp, vp.getCurrentImageIdIndex() + c.by);
        case 'scrollTo':
          return scrollTo(vp, c.to === 'first' ? 0 : vp.getImageIds().length - 1);
        case 'preset':
          return applyPreset(vp, c.preset);
        case 'auto':
          return applyAutoWindow(vp);
        case 'invert':
          return toggleInvert(vp);
        case 'rotate':
          return rotate(vp, c.by);
        case 'flipH':
          return flip(vp, 'horizontal');
        case 'flipV':
          return flip(vp, 'vertical');
        case 'fit':
          return fit(vp);
        case 'reset':
          return resetView(vp);
        case 'cine':
          return playing ? stopCine() : startCine(fps);
      }
    },
    [stack, toolGroupIds, mpr, layout, playing, fps, stopCine, startCine],
  );

  const changeFps = useCallback(
    (next: number) => {
      setFps(next);
      if (playing) startCine(next);
    },
    [playing, startCine],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Typing in a field, a menu or the help panel is not a viewer command (the target may be window itself).
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, textarea, [role="listbox"], [role="dialog"], [role="menu"]')) return;
      const command = commandForKey(e);
      if (!command) return;
      e.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run]);

  const closeHelp = useCallback(() => setHelp(false), []);
  return { tool, playing, fps, help, run, changeFps, closeHelp, stopCine };
}
