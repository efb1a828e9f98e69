import { Enums, type Types } from '@cornerstonejs/core';
import { useEffect, type RefObject } from 'react';
import { scrollTo } from '../cornerstone/viewport-actions';
import type { SliceGeometry } from '../lib/slice-geometry';
import { mapSlice, type SyncAnchor } from '../lib/slice-sync';

export type PaneId = 'current' | 'prior';

interface SyncedPane {
  elementRef: RefObject<HTMLDivElement | null>;
  viewportRef: RefObject<Types.IStackViewport | null>;
  geometry: SliceGeometry | null;
  ready: boolean;
}

/**
 * Synchronized scrolling of the 1×2 compare layout: when the active pane shows a new slice, the other goes to the
 * matching one (lib/slice-sync: by millimetres from the anchor pair, or by index ratio). Only the active pane leads,
 * so the follower's own new-image events, arriving late while images load, never pull the leader back.
 */
export function useSliceSync(
  current: SyncedPane,
  prior: SyncedPane,
  anchor: SyncAnchor | null,
  activeRef: RefObject<PaneId>,
) {
  const { elementRef: curEl, viewportRef: curVp, geometry: curGeom, ready: curReady } = current;
  const { elementRef: priEl, viewportRef: priVp, geometry: priGeom, ready: priReady } = prior;

  useEffect(() => {
    const a = curEl.current;
    const b = priEl.current;
    if (!anchor || !curGeom || !priGeom || !curReady || !priReady || !a || !b) return;
    const reversed: SyncAnchor = { source: anchor.target, target: anchor.source };
    const follow = (leader: PaneId) => () => {
      if (activeRef.current !== leader) return;
      const [from, to, g1, g2, pair] =
        leader === 'current'
          ? [curVp.current, priVp.current, curGeom, priGeom, anchor]
          : [priVp.current, curVp.current, priGeom, curGeom, reversed];
      if (!from || !to) return;
      const target = mapSlice(g1, g2, pair, from.getCurrentImageIdIndex());
      if (to.getCurrentImageIdIndex() !== target) scrollTo(to, target);
    };
    const onCurrent = follow('current');
    const onPrior = follow('prior');
    a.addEventListener(Enums.Events.STACK_NEW_IMAGE, onCurrent);
    b.addEventListener(Enums.Events.STACK_NEW_IMAGE, onPrior);
    return () => {
      a.removeEventListener(Enums.Events.STACK_NEW_IMAGE, onCurrent);
      b.removeEventListener(Enums.Events.STACK_NEW_IMAGE, onPrior);
    };
  }, [anchor, curGeom, priGeom, curReady, priReady, curEl, priEl, curVp, priVp, activeRef]);
}
