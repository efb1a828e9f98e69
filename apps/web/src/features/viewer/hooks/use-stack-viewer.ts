import { Enums, RenderingEngine, eventTarget, metaData, type Types } from '@cornerstonejs/core';
import { utilities as toolUtilities } from '@cornerstonejs/tools';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { initCornerstone } from '../cornerstone/init-cornerstone';
import { prefetchStack } from '../cornerstone/prefetch';
import { createToolGroup, destroyToolGroup } from '../cornerstone/tool-group';
import { windowOf } from '../lib/wl-presets';

export interface StackState {
  /** The first image is on screen (or failed): the rest may still be arriving. */
  ready: boolean;
  index: number;
  count: number;
  /** Images in the cache so far (the prefetch progress). */
  loaded: number;
  failed: number;
  /** The shown image could not be loaded or decoded. */
  currentFailed: boolean;
  window: { width: number; center: number } | null;
  modality: string | null;
  seriesDescription: string | null;
  seriesNumber: number | null;
  sliceLocation: number | null;
}

const INITIAL: StackState = {
  ready: false, index: 0, count: 0, loaded: 0, failed: 0, currentFailed: false, window: null,
  modality: null, seriesDescription: null, seriesNumber: null, sliceLocation: null,
};

interface SeriesModule { modality?: string; seriesDescription?: string; seriesNumber?: number }
interface PlaneModule { sliceLocation?: number }

/**
 * One Cornerstone stack viewport on `element`: the first image as soon as it arrives (slice `initialIndex`, the first
 * by default, decision V4), then the rest prefetched in the background nearest first. The container carries
 * data-rendered (images drawn) and data-slice for tests and tools.
 */
export function useStackViewer(stack: { imageIds: string[]; initialIndex?: number } | null) {
  const elementRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<Types.IStackViewport | null>(null);
  const uid = useId().replace(/[^a-zA-Z0-9]/g, '');
  const ids = useMemo(() => ({ engine: `rangsi-engine-${uid}`, viewport: `rangsi-stack-${uid}`, group: `rangsi-tools-${uid}` }), [uid]);
  const [state, setState] = useState<StackState>(INITIAL);

  useEffect(() => {
    const element = elementRef.current;
    if (!stack || stack.imageIds.length === 0 || !element) return;
    const { imageIds } = stack;
    const abort = new AbortController();
    const failed = new Set<string>();
    let engine: RenderingEngine | null = null;
    let rendered = 0;
    const start = Math.max(0, Math.min(imageIds.length - 1, Math.round(stack.initialIndex ?? 0)));
    setState({ ...INITIAL, count: imageIds.length, index: start });

    const update = () => {
      const vp = viewportRef.current;
      if (!vp) return;
      const imageId = vp.getCurrentImageId();
      const series = (metaData.get('generalSeriesModule', imageId) ?? {}) as SeriesModule;
      const plane = (metaData.get('imagePlaneModule', imageId) ?? {}) as PlaneModule;
      const voi = vp.getProperties().voiRange;
      const index = vp.getCurrentImageIdIndex();
      // Some broken codestreams "decode" without an error into pixels with no values: a NaN window says so.
      const undecodable = failed.has(imageId) || (voi !== undefined && !(Number.isFinite(voi.lower) && Number.isFinite(voi.upper)));
      element.dataset.slice = String(index + 1);
      setState((s) => ({
        ...s,
        index,
        currentFailed: undecodable,
        window: voi && !undecodable ? windowOf(voi) : null,
        modality: series.modality ?? s.modality,
        seriesDescription: series.seriesDescription ?? s.seriesDescription,
        seriesNumber: series.seriesNumber ?? s.seriesNumber,
        sliceLocation: typeof plane.sliceLocation === 'number' ? plane.sliceLocation : null,
      }));
    };
    const onRendered = () => {
      element.dataset.rendered = String(++rendered);
      update();
    };
    const onFailed = (evt: Event) => {
      const imageId = (evt as CustomEvent<{ imageId?: string }>).detail?.imageId;
      if (imageId && imageIds.includes(imageId)) failed.add(imageId);
      element.dataset.failed = String(failed.size);
      update();
    };
    const resize = new ResizeObserver(() => engine?.resize(true, true));

    void (async () => {
      await initCornerstone();
      if (abort.signal.aborted) return;
      engine = new RenderingEngine(ids.engine);
      engine.enableElement({ viewportId: ids.viewport, element, type: Enums.ViewportType.STACK, defaultOptions: { background: [0, 0, 0] } });
      const vp = engine.getViewport<Types.IStackViewport>(ids.viewport);
      viewportRef.current = vp;
      createToolGroup(ids.group, ids.engine, ids.viewport);
      element.addEventListener(Enums.Events.IMAGE_RENDERED, onRendered);
      element.addEventListener(Enums.Events.STACK_NEW_IMAGE, update);
      eventTarget.addEventListener(Enums.Events.IMAGE_LOAD_FAILED, onFailed);
      eventTarget.addEventListener(Enums.Events.IMAGE_LOAD_ERROR, onFailed);
      resize.observe(element);
      try {
        await vp.setStack(imageIds, start);
        vp.render();
      } catch {
        failed.add(imageIds[start]!);
      }
      if (abort.signal.aborted) return;
      update();
      setState((s) => ({ ...s, ready: true }));
      element.dataset.ready = 'true';
      await prefetchStack(imageIds, start, abort.signal, (done, bad) => {
        for (const id of bad) failed.add(id);
        element.dataset.loaded = String(done);
        setState((s) => ({ ...s, loaded: done, failed: bad.length }));
      });
    })();

    return () => {
      abort.abort();
      resize.disconnect();
      element.removeEventListener(Enums.Events.IMAGE_RENDERED, onRendered);
      element.removeEventListener(Enums.Events.STACK_NEW_IMAGE, update);
      eventTarget.removeEventListener(Enums.Events.IMAGE_LOAD_FAILED, onFailed);
      eventTarget.removeEventListener(Enums.Events.IMAGE_LOAD_ERROR, onFailed);
      try {
        toolUtilities.cine.stopClip(element);
      } catch {
        // Nothing was playing.
      }
      destroyToolGroup(ids.group);
      engine?.destroy();
      viewportRef.current = null;
    };
  }, [stack, ids]);

  return { elementRef, viewportRef, state, toolGroupId: ids.group };
}
