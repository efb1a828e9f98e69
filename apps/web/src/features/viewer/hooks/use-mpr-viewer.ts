import {
  cache,
  Enums,
  eventTarget,
  RenderingEngine,
  setVolumesForViewports,
  volumeLoader,
  type Types,
} from '@cornerstonejs/core';
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { initCornerstone } from '../cornerstone/init-cornerstone';
import { moveCrosshairsTo } from '../cornerstone/mpr-actions';
import { createMprToolGroup, destroyToolGroup, type MprPlane } from '../cornerstone/tool-group';
import { dot, nearestSlice, type SliceGeometry } from '../lib/slice-geometry';
import { lettersOfVector, oppositeLetters, type Markers } from '../lib/image-view';
import { windowOf } from '../lib/wl-presets';

export const MPR_PLANES: readonly MprPlane[] = ['axial', 'sagittal', 'coronal'];

const ORIENTATION: Record<MprPlane, Enums.OrientationAxis> = {
  axial: Enums.OrientationAxis.AXIAL,
  sagittal: Enums.OrientationAxis.SAGITTAL,
  coronal: Enums.OrientationAxis.CORONAL,
};

export interface MprPlaneState {
  index: number;
  count: number;
  window: { width: number; center: number } | null;
  /** The patient direction of each edge (a volume's world is the patient's: LPS). */
  markers: Markers | null;
}

export interface MprState {
  /** The three planes are drawn (the volume may still be filling in). */
  ready: boolean;
  /** Slices in the volume so far, of `count`. */
  loaded: number;
  count: number;
  failed: boolean;
  planes: Record<MprPlane, MprPlaneState>;
}

const EMPTY_PLANE: MprPlaneState = { index: 0, count: 0, window: null, markers: null };

/** Markers of a volume plane as drawn: the world directions of one screen pixel right and down. */
function planeMarkers(vp: Types.IVolumeViewport): Markers | null {
  try {
    const c = vp.canvasToWorld([0, 0]);
    const r = vp.canvasToWorld([1, 0]);
    const d = vp.canvasToWorld([0, 1]);
    const unit = (p: Types.Point3) => {
      const v = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
      const n = Math.hypot(v[0]!, v[1]!, v[2]!);
      return n > 0 ? v.map((x) => x / n) : null;
    };
    const right = unit(r);
    const down = unit(d);
    if (!right || !down) return null;
    const rl = lettersOfVector(right);
    const dl = lettersOfVector(down);
    return rl && dl ? { top: oppositeLetters(dl), right: rl, bottom: dl, left: oppositeLetters(rl) } : null;
  } catch {
    return null;
  }
}
const INITIAL: MprState = {
  ready: false,
  loaded: 0,
  count: 0,
  failed: false,
  planes: { axial: EMPTY_PLANE, sagittal: EMPTY_PLANE, coronal: EMPTY_PLANE },
};

export interface MprVolume {
  /** Sorted along the slice normal: the wadouri volume loader does not sort by itself. */
  imageIds: string[];
  /** Where to open: the stack slice the reader was on, as a distance along the slices' normal. */
  focus: { normal: readonly number[]; distance: number } | null;
  /** The stack's geometry: the plane the images were taken in is numbered as the stack is. */
  geometry: SliceGeometry;
}

/**
 * Multiplanar reformats of one series: a streaming image volume (Cornerstone builds it from the same wadouri ids, most
 * already in the image cache) in three orthographic viewports of one rendering engine, with crosshairs linking them.
 * Each plane's element carries data-rendered and data-slice, as the stack's does.
 */
export function useMprViewer(volumeInput: MprVolume | null) {
  const axialRef = useRef<HTMLDivElement>(null);
  const sagittalRef = useRef<HTMLDivElement>(null);
  const coronalRef = useRef<HTMLDivElement>(null);
  const elementRefs: Record<MprPlane, RefObject<HTMLDivElement | null>> = useMemo(
    () => ({ axial: axialRef, sagittal: sagittalRef, coronal: coronalRef }),
    [],
  );
  const viewportsRef = useRef<Record<MprPlane, Types.IVolumeViewport> | null>(null);
  const uid = useId().replace(/[^a-zA-Z0-9]/g, '');
  const ids = useMemo(
    () => ({
      engine: `rangsi-mpr-engine-${uid}`,
      group: `rangsi-mpr-tools-${uid}`,
      viewports: {
        axial: `rangsi-mpr-axial-${uid}`,
        sagittal: `rangsi-mpr-sagittal-${uid}`,
        coronal: `rangsi-mpr-coronal-${uid}`,
      },
    }),
    [uid],
  );
  const [state, setState] = useState<MprState>(INITIAL);

  useEffect(() => {
    const elements = { axial: axialRef.current, sagittal: sagittalRef.current, coronal: coronalRef.current };
    if (!volumeInput || volumeInput.imageIds.length === 0 || !elements.axial || !elements.sagittal || !elements.coronal)
      return;
    const { imageIds, focus, geometry } = volumeInput;
    const els = elements as Record<MprPlane, HTMLDivElement>;
    let cancelled = false;
    let engine: RenderingEngine | null = null;
    let groupMade = false;
    // A fresh id per opening: the volume of an earlier opening may still be decaching.
    const volumeId = `cornerstoneStreamingImageVolume:rangsi-mpr-${uid}-${Date.now()}`;
    const rendered: Record<MprPlane, number> = { axial: 0, sagittal: 0, coronal: 0 };
    setState({ ...INITIAL, count: imageIds.length });

    const readPlane = (plane: MprPlane): MprPlaneState => {
      const vp = viewportsRef.current?.[plane];
      if (!vp) return EMPTY_PLANE;
      const voi = vp.getProperties()?.voiRange;
      // The acquisition plane keeps the stack's numbers (Cornerstone counts its slices from the other end).
      const { viewPlaneNormal, focalPoint } = vp.getCamera();
      const acquisition =
        geometry.normal && viewPlaneNormal && focalPoint && Math.abs(dot(geometry.normal, viewPlaneNormal)) > 0.99;
      return {
        index: acquisition ? nearestSlice(geometry, dot(geometry.normal!, focalPoint)) : vp.getSliceIndex(),
        count: acquisition ? geometry.count : vp.getNumberOfSlices(),
        window: voi && Number.isFinite(voi.lower) && Number.isFinite(voi.upper) ? windowOf(voi) : null,
        markers: planeMarkers(vp),
      };
    };
    const onRendered = (plane: MprPlane) => () => {
      const el = els[plane];
      el.dataset.rendered = String(++rendered[plane]);
      const p = readPlane(plane);
      el.dataset.slice = String(p.index + 1);
      setState((s) => ({ ...s, planes: { ...s.planes, [plane]: p } }));
    };
    const listeners = MPR_PLANES.map((plane) => [plane, onRendered(plane)] as const);
    const onVolumeModified = (evt: Event) => {
      const detail = (evt as CustomEvent<{ volumeId?: string; framesProcessed?: number }>).detail;
      if (detail?.volumeId !== volumeId || typeof detail.framesProcessed !== 'number') return;
      const loaded = detail.framesProcessed;
      els.axial.dataset.loaded = String(loaded);
      setState((s) => (loaded > s.loaded ? { ...s, loaded } : s));
    };
    const resize = new ResizeObserver(() => engine?.resize(true, true));

    void (async () => {
      try {
        await initCornerstone();
        if (cancelled) return;
        engine = new RenderingEngine(ids.engine);
        engine.setViewports(
          MPR_PLANES.map((plane) => ({
            viewportId: ids.viewports[plane],
            type: Enums.ViewportType.ORTHOGRAPHIC,
            element: els[plane],
            defaultOptions: { orientation: ORIENTATION[plane], background: [0, 0, 0] as Types.Point3 },
          })),
        );
        viewportsRef.current = {
          axial: engine.getViewport<Types.IVolumeViewport>(ids.viewports.axial),
          sagittal: engine.getViewport<Types.IVolumeViewport>(ids.viewports.sagittal),
          coronal: engine.getViewport<Types.IVolumeViewport>(ids.viewports.coronal),
        };
        for (const [plane, fn] of listeners) els[plane].addEventListener(Enums.Events.IMAGE_RENDERED, fn);
        eventTarget.addEventListener(Enums.Events.IMAGE_VOLUME_MODIFIED, onVolumeModified);
        for (const el of Object.values(els)) resize.observe(el);
        const volume = await volumeLoader.createAndCacheVolume(volumeId, { imageIds });
        if (cancelled) return;
        volume.load(() => undefined);
        await setVolumesForViewports(engine, [{ volumeId }], Object.values(ids.viewports));
        if (cancelled) return;
        // Crosshairs find their centre from the viewports' volumes: the group comes after the volume is set.
        createMprToolGroup(ids.group, ids.engine, ids.viewports);
        groupMade = true;
        if (focus) moveCrosshairsTo(ids.group, focus.normal, focus.distance);
        engine.renderViewports(Object.values(ids.viewports));
        els.axial.dataset.ready = 'true';
        setState((s) => ({ ...s, ready: true }));
      } catch {
        if (!cancelled) setState((s) => ({ ...s, failed: true }));
      }
    })();

    return () => {
      cancelled = true;
      resize.disconnect();
      for (const [plane, fn] of listeners) els[plane].removeEventListener(Enums.Events.IMAGE_RENDERED, fn);
      eventTarget.removeEventListener(Enums.Events.IMAGE_VOLUME_MODIFIED, onVolumeModified);
      if (groupMade) destroyToolGroup(ids.group);
      engine?.destroy();
      viewportsRef.current = null;
      // The slices stay in the image cache for the stack; only the volume goes.
      cache.removeVolumeLoadObject(volumeId);
      for (const el of Object.values(els)) {
        delete el.dataset.ready;
        delete el.dataset.rendered;
      }
    };
  }, [volumeInput, ids, uid]);

  return { elementRefs, viewportsRef, state, toolGroupId: ids.group };
}
