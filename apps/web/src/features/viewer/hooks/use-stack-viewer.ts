import { Enums, RenderingEngine, eventTarget, metaData, type Types } from '@cornerstonejs/core';
import { prefetchPart10Instance } from '@cornerstonejs/dicom-image-loader';
import { utilities as toolUtilities } from '@cornerstonejs/tools';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { baseImageId, urlOfImageId } from '../cornerstone/image-ids';
import { initCornerstone } from '../cornerstone/init-cornerstone';
import { prefetchStack } from '../cornerstone/prefetch';
import { streamSeries } from '../cornerstone/series-stream';
import { sliceLocationOf, type InstanceModule } from '../cornerstone/slice-location';
import { createToolGroup, destroyToolGroup } from '../cornerstone/tool-group';
import { screenAxes, setHanging } from '../cornerstone/viewport-actions';
import { takeEarly } from '../lib/early-fetch';
import { markersOf, scaleBar, spacingOf, viewLabel, type ImageInfo, type Markers } from '../lib/image-view';
import { windowOf } from '../lib/wl-presets';

/** The progress shown in the toolbar is re-rendered at most this often (every image would re-render the page). */
const PROGRESS_MS = 250;

export interface StackState {
  /** The first image is on screen (or failed): the rest may still be arriving. */
  ready: boolean;
  /** Cornerstone has drawn an image (the first-image preview may go, decision V15). */
  drawn: boolean;
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
  /** What the overlay draws over the image: orientation markers, the scale bar, the mammography view (V16). */
  view: StackView;
}

export interface StackView {
  markers: Markers | null;
  /** A round length and its width on screen; `imager` when measured at the detector (ImagerPixelSpacing). */
  scale: { mm: number; px: number; imager: boolean } | null;
  /** Laterality and view, e.g. RCC, LMLO. */
  label: string | null;
}

const NO_VIEW: StackView = { markers: null, scale: null, label: null };

const INITIAL: StackState = {
  ready: false,
  drawn: false,
  index: 0,
  count: 0,
  loaded: 0,
  failed: 0,
  currentFailed: false,
  window: null,
  modality: null,
  seriesDescription: null,
  seriesNumber: null,
  sliceLocation: null,
  view: NO_VIEW,
};

/** The scale bar is at most this share of the viewport's width. */
const SCALE_SHARE = 0.25;

/**
 * Markers and scale of the shown image as the viewport draws it now: which way one screen pixel right and down
 * goes in image pixels, read through the viewport's own canvas-to-world mapping (so flips, rotation, zoom and pan
 * are all in it, on the CPU path as on WebGL).
 */
function viewOf(vp: Types.IStackViewport, element: HTMLElement, info: ImageInfo | undefined): StackView {
  const label = viewLabel(info);
  const w = element.clientWidth;
  const h = element.clientHeight;
  const axes = screenAxes(vp, [w / 2, h / 2]);
  if (!axes) return { ...NO_VIEW, label };
  const mm = spacingOf(info);
  const mmPerPx = mm ? Math.hypot(axes.right[0] * mm.across, axes.right[1] * mm.down) : 0;
  const bar = mm && mmPerPx > 0 ? scaleBar(1 / mmPerPx, w * SCALE_SHARE) : null;
  return {
    markers: markersOf(info, axes.right, axes.down),
    scale: bar ? { ...bar, imager: mm!.source === 'ImagerPixelSpacing' } : null,
    label,
  };
}

function sameView(a: StackView, b: StackView): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

interface SeriesModule {
  modality?: string;
  seriesDescription?: string;
  seriesNumber?: number;
}

/**
 * One Cornerstone stack viewport on `element`: the first image as soon as it arrives (slice `initialIndex`, the first
 * by default, decision V4; its file may already have been fetched early, V14), then the rest streamed in one series
 * retrieve (`seriesUrl`), whatever that did not bring loaded image by image nearest first. The container carries
 * data-rendered (renders with an image on screen), data-loaded (images loaded or failed) and data-slice for tests.
 */
export function useStackViewer(
  stack: {
    imageIds: string[];
    initialIndex?: number;
    seriesUrl?: string | null;
    /** Each image's directions and spacing, in the order of `imageIds` (markers, scale bar). */
    infos?: readonly ImageInfo[];
    /** How the images are first shown (the mammography hanging's mirroring); reset comes back to it. */
    presentation?: { flipHorizontal: boolean; flipVertical: boolean };
  } | null,
) {
  const elementRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<Types.IStackViewport | null>(null);
  const uid = useId().replace(/[^a-zA-Z0-9]/g, '');
  const ids = useMemo(
    () => ({ engine: `rangsi-engine-${uid}`, viewport: `rangsi-stack-${uid}`, group: `rangsi-tools-${uid}` }),
    [uid],
  );
  const [state, setState] = useState<StackState>(INITIAL);

  useEffect(() => {
    const element = elementRef.current;
    if (!stack || stack.imageIds.length === 0 || !element) return;
    const { imageIds } = stack;
    const seriesUrl = stack.seriesUrl ?? null;
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
      const instance = metaData.get('instance', imageId) as InstanceModule | undefined;
      const voi = vp.getProperties().voiRange;
      const index = vp.getCurrentImageIdIndex();
      const view = viewOf(vp, element, stack.infos?.[index]);
      // Some broken codestreams "decode" without an error into pixels with no values: a NaN window says so.
      const undecodable =
        failed.has(imageId) || (voi != null && !(Number.isFinite(voi.lower) && Number.isFinite(voi.upper)));
      element.dataset.slice = String(index + 1);
      const camera = vp.getCamera();
      element.dataset.flipH = String(Boolean(camera.flipHorizontal));
      element.dataset.flipV = String(Boolean(camera.flipVertical));
      setState((s) => ({
        ...s,
        index,
        currentFailed: undecodable,
        window: voi && !undecodable ? windowOf(voi) : null,
        modality: series.modality ?? s.modality,
        seriesDescription: series.seriesDescription ?? s.seriesDescription,
        seriesNumber: series.seriesNumber ?? s.seriesNumber,
        sliceLocation: sliceLocationOf(instance),
        view: sameView(s.view, view) ? s.view : view,
      }));
    };
    const onRendered = () => {
      // Cornerstone also renders the empty viewport (black) before its first image: that is not an image drawn.
      if (!viewportRef.current?.getCornerstoneImage()) return;
      element.dataset.rendered = String(++rendered);
      if (rendered === 1) setState((s) => (s.drawn ? s : { ...s, drawn: true }));
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
      engine.enableElement({
        viewportId: ids.viewport,
        element,
        type: Enums.ViewportType.STACK,
        defaultOptions: { background: [0, 0, 0] },
      });
      const vp = engine.getViewport<Types.IStackViewport>(ids.viewport);
      viewportRef.current = vp;
      createToolGroup(ids.group, ids.engine, ids.viewport);
      element.addEventListener(Enums.Events.IMAGE_RENDERED, onRendered);
      element.addEventListener(Enums.Events.STACK_NEW_IMAGE, update);
      eventTarget.addEventListener(Enums.Events.IMAGE_LOAD_FAILED, onFailed);
      eventTarget.addEventListener(Enums.Events.IMAGE_LOAD_ERROR, onFailed);
      resize.observe(element);
      try {
        await primeFirst(imageIds[start]!);
        await vp.setStack(imageIds, start);
        if (stack.presentation) {
          setHanging(vp, stack.presentation);
          vp.setCamera(stack.presentation);
        }
        vp.render();
      } catch {
        failed.add(imageIds[start]!);
      }
      if (abort.signal.aborted) return;
      update();
      setState((s) => ({ ...s, ready: true }));
      element.dataset.ready = 'true';
      await loadRest();
    })();

    /** The first slice's file when the route page fetched it early: handed over as if the loader had fetched it. */
    async function primeFirst(imageId: string) {
      const early = takeEarly(urlOfImageId(imageId));
      const bytes = early ? await early : null;
      if (bytes && !abort.signal.aborted)
        await prefetchPart10Instance(baseImageId(imageId), bytes).catch(() => undefined);
    }

    /** Everything else into the cache; the toolbar's count is updated a few times a second, the element's at once. */
    async function loadRest() {
      const seen = new Set<string>();
      let shown = 0;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const publish = () => {
        timer = null;
        if (abort.signal.aborted) return;
        shown = seen.size;
        setState((s) => ({ ...s, loaded: seen.size, failed: [...failed].filter((id) => seen.has(id)).length }));
      };
      const onEach = (id: string, ok: boolean) => {
        if (abort.signal.aborted || seen.has(id)) return;
        seen.add(id);
        if (!ok) failed.add(id);
        element!.dataset.loaded = String(seen.size);
        if (seen.size === imageIds.length) publish();
        else timer ??= setTimeout(publish, PROGRESS_MS);
      };
      onEach(imageIds[start]!, !failed.has(imageIds[start]!));
      if (seriesUrl) {
        try {
          await streamSeries(seriesUrl, imageIds, abort.signal, onEach);
        } catch {
          // Refused, not multipart, or cut off: what is missing is loaded image by image below.
        }
      }
      const rest = imageIds.map((id, i) => ({ id, i })).filter((x) => !seen.has(x.id));
      const from = Math.max(
        0,
        rest.findIndex((x) => x.i > start),
      );
      if (rest.length && !abort.signal.aborted)
        await prefetchStack(
          rest.map((x) => x.id),
          from,
          abort.signal,
          onEach,
        );
      if (timer) clearTimeout(timer);
      if (shown !== seen.size) publish();
    }

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
