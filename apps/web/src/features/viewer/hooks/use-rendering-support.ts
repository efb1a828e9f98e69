import { getShouldUseCPURendering } from '@cornerstonejs/core';
import { useEffect, useState } from 'react';
import { initCornerstone, renderingChoice } from '../cornerstone/init-cornerstone';

/**
 * Whether WebGL renders, known once Cornerstone has started (it falls back to the CPU by itself without it; decision
 * V8), and the rendering it chose, for the page's data-rendering attribute.
 */
export function useRenderingSupport() {
  const [webgl, setWebgl] = useState(false);
  const [rendering, setRendering] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void initCornerstone().then(() => {
      if (!live) return;
      setWebgl(!getShouldUseCPURendering());
      setRendering(renderingChoice() ?? undefined);
    });
    return () => {
      live = false;
    };
  }, []);
  return { webgl, rendering };
}
