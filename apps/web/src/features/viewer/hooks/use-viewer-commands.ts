import type { Types } from '@cornerstonejs/core';
import { utilities as toolUtilities } from '@cornerstonejs/tools';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { selectPrimaryTool, type PrimaryTool } from '../cornerstone/tool-group';
import { applyAutoWindow, applyPreset, fit, flip, resetView, rotate, scrollTo, toggleInvert } from '../cornerstone/viewport-actions';
import { commandForKey, type ViewerCommand } from '../lib/viewer-commands';

interface Refs {
  elementRef: RefObject<HTMLDivElement | null>;
  viewportRef: RefObject<Types.IStackViewport | null>;
  toolGroupId: string;
}

/** Runs toolbar and keyboard commands on the viewport; holds the left-button tool, cine and the help panel. */
export function useViewerCommands({ elementRef, viewportRef, toolGroupId }: Refs) {
  const [tool, setTool] = useState<PrimaryTool>('windowLevel');
  const [playing, setPlaying] = useState(false);
  const [fps, setFps] = useState(10);
  const [help, setHelp] = useState(false);

  const stopCine = useCallback(() => {
    if (elementRef.current) toolUtilities.cine.stopClip(elementRef.current);
    setPlaying(false);
  }, [elementRef]);

  const startCine = useCallback((framesPerSecond: number) => {
    if (!elementRef.current) return;
    toolUtilities.cine.playClip(elementRef.current, { framesPerSecond, loop: true });
    setPlaying(true);
  }, [elementRef]);

  const run = useCallback((c: ViewerCommand) => {
    if (c.kind === 'help') return setHelp((h) => !h);
    const vp = viewportRef.current;
    if (!vp) return;
    switch (c.kind) {
      case 'scroll': return scrollTo(vp, vp.getCurrentImageIdIndex() + c.by);
      case 'scrollTo': return scrollTo(vp, c.to === 'first' ? 0 : vp.getImageIds().length - 1);
      case 'tool':
        selectPrimaryTool(toolGroupId, c.tool);
        return setTool(c.tool);
      case 'preset': return applyPreset(vp, c.preset);
      case 'auto': return applyAutoWindow(vp);
      case 'invert': return toggleInvert(vp);
      case 'rotate': return rotate(vp, c.by);
      case 'flipH': return flip(vp, 'horizontal');
      case 'flipV': return flip(vp, 'vertical');
      case 'fit': return fit(vp);
      case 'reset': return resetView(vp);
      case 'cine': return playing ? stopCine() : startCine(fps);
    }
  }, [viewportRef, toolGroupId, playing, fps, stopCine, startCine]);

  const changeFps = useCallback((next: number) => {
    setFps(next);
    if (playing) startCine(next);
  }, [playing, startCine]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Typing in a field, a menu or the help panel is not a viewer command (the target may be window itself).
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, textarea, [role="listbox"], [role="dialog"]')) return;
      const command = commandForKey(e);
      if (!command) return;
      e.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run]);

  return { tool, playing, fps, help, run, changeFps, closeHelp: () => setHelp(false) };
}
