import { getShouldUseCPURendering } from '@cornerstonejs/core';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ViewerLoadError } from './api/viewer-instances';
import { instancesQuery, overlayExamQuery, seriesRetrieveUrl } from './api/viewer-queries';
import { MprLayout } from './components/mpr-layout';
import { PriorPicker, type PickedPrior } from './components/prior-picker';
import { ShortcutHelp } from './components/shortcut-help';
import { StackPane } from './components/stack-pane';
import { overlayDate } from './components/viewer-overlay';
import { ViewerToolbar } from './components/viewer-toolbar';
import { warmFirstImage } from './cornerstone/first-image';
import { imageIdsOf } from './cornerstone/image-ids';
import { initCornerstone, renderingChoice } from './cornerstone/init-cornerstone';
import { crosshairsDistance } from './cornerstone/mpr-actions';
import type { MprPlane } from './cornerstone/tool-group';
import { MPR_PLANES, useMprViewer } from './hooks/use-mpr-viewer';
import { useLatestState } from './hooks/use-latest-state';
import { useSliceSync, type PaneId } from './hooks/use-slice-sync';
import { useStackViewer, type StackState } from './hooks/use-stack-viewer';
import { useViewerCommands } from './hooks/use-viewer-commands';
import { adoptPreview, dropPreview } from './lib/first-preview';
import { MPR_MIN_SLICES, mprBlock, volumeOrder } from './lib/mpr-eligibility';
import { nearestSlice, sliceGeometry } from './lib/slice-geometry';
import { openingAnchor, syncMode, type SyncAnchor } from './lib/slice-sync';
import type { ViewerCommand } from './lib/viewer-commands';

warmFirstImage();
type MessageKey =
  'viewer.error.expired' | 'viewer.error.notFound' | 'viewer.error.load' | 'viewer.error.empty' | 'viewer.error.decode';

function loadErrorKey(error: unknown): MessageKey {
  if (error instanceof ViewerLoadError) {
    if (error.status === 401) return 'viewer.error.expired';
    if (error.status === 403 || error.status === 404 || error.status === 400) return 'viewer.error.notFound';
  }
  return 'viewer.error.load';
}

/** A message in place of a stack's image: the load refused or failed, no images, the shown one undecodable. */
function stackMessage(error: unknown, empty: boolean, state: StackState): { key: MessageKey; testId: string } | null {
  if (error) return { key: loadErrorKey(error), testId: 'viewer-refused' };
  if (empty) return { key: 'viewer.error.empty', testId: 'viewer-empty' };
  if (state.ready && state.currentFailed) return { key: 'viewer.error.decode', testId: 'decode-error' };
  return null;
}

/** One layout at a time: the series alone, beside a prior (1×2), or as three planes. */
type Layout = 'single' | 'compare' | 'mpr';

/**
 * Spec §2: DicomViewer/{examId}/{seriesId}/{orientation}?token — one series on Cornerstone3D, shown in the series
 * page's frame (or opened alone). It reads everything with the exam token; this chunk holds Cornerstone and is loaded
 * by the light route page (dicom-viewer-page.tsx), which has already started the reads (decision V14).
 * Beyond the spec (issue 5 §4): a prior exam of the patient beside it with linked scrolling, and MPR.
 */
export function ViewerWorkspace() {
  const { t } = useTranslation();
  const { examId = '', seriesId = '', orientation = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const target = useMemo(() => ({ examId, seriesId, orientation, token }), [examId, seriesId, orientation, token]);
  const instances = useQuery(instancesQuery(target, true));
  const exam = useQuery(overlayExamQuery(examId, token));
  const imageIds = useMemo(
    () => (instances.data ? imageIdsOf(instances.data.instances, token, window.location.origin) : null),
    [instances.data, token],
  );
  const seriesUrl = useMemo(
    () => (instances.data ? seriesRetrieveUrl(instances.data, token) : null),
    [instances.data, token],
  );
  const geometry = useMemo(
    () => (instances.data ? sliceGeometry(instances.data.instances, instances.data.frameOfReferenceUid) : null),
    [instances.data],
  );

  const [layout, setLayout] = useState<Layout>('single');
  // Where the stack reopens after MPR: the slice the reader left.
  const [resumeAt, setResumeAt] = useState(0);
  // The stack lives through 1×1 and 1×2 alike; only MPR takes its place.
  const stackShown = layout !== 'mpr';
  const mainStack = useMemo(
    () => (imageIds && stackShown ? { imageIds, initialIndex: resumeAt, seriesUrl } : null),
    [imageIds, stackShown, resumeAt, seriesUrl],
  );
  const main = useStackViewer(mainStack);

  // Compare (1×2): the prior chosen in the picker, read with its own token; the anchor pairs the two slices shown.
  const [pickerOpen, setPickerOpen] = useState(false);
  const [picked, setPicked] = useState<PickedPrior | null>(null);
  const [anchor, setAnchor] = useState<SyncAnchor | null>(null);
  const [linked, setLinked] = useState(true);
  const priorTarget = picked
    ? {
        examId: picked.prior.examId,
        seriesId: picked.series.seriesId,
        orientation: picked.series.imageOrientationPatient ?? '',
        token: picked.prior.token,
      }
    : null;
  const priorInstances = useQuery(instancesQuery(priorTarget));
  const priorExam = useQuery(
    overlayExamQuery(priorTarget?.examId ?? '', priorTarget?.token ?? '', priorTarget !== null),
  );
  const priorGeometry = useMemo(
    () =>
      priorInstances.data
        ? sliceGeometry(priorInstances.data.instances, priorInstances.data.frameOfReferenceUid)
        : null,
    [priorInstances.data],
  );
  const priorIds = useMemo(
    () =>
      priorInstances.data && picked
        ? imageIdsOf(priorInstances.data.instances, picked.prior.token, window.location.origin)
        : null,
    [priorInstances.data, picked],
  );
  // The prior opens at the slice matching the one shown now (decision V11); the anchor is fixed until relinked.
  if (layout === 'compare' && geometry && priorGeometry && priorGeometry.count > 0 && !anchor)
    setAnchor(openingAnchor(geometry, priorGeometry, main.state.index));
  const priorSeriesUrl = useMemo(
    () => (priorInstances.data && picked ? seriesRetrieveUrl(priorInstances.data, picked.prior.token) : null),
    [priorInstances.data, picked],
  );
  const priorStack = useMemo(
    () =>
      priorIds && anchor && layout === 'compare'
        ? { imageIds: priorIds, initialIndex: anchor.target, seriesUrl: priorSeriesUrl }
        : null,
    [priorIds, anchor, layout, priorSeriesUrl],
  );
  const prior = useStackViewer(priorStack);

  // The pane the keyboard, toolbar and cine act on, and the one that leads the scrolling.
  const [active, activeRef, activate] = useLatestState<PaneId>('current');
  useSliceSync(
    { elementRef: main.elementRef, viewportRef: main.viewportRef, geometry, ready: main.state.ready },
    { elementRef: prior.elementRef, viewportRef: prior.viewportRef, geometry: priorGeometry, ready: prior.state.ready },
    linked && layout === 'compare' ? anchor : null,
    activeRef,
  );

  // MPR: WebGL is known once Cornerstone has started (it falls back to the CPU by itself without it; decision V8).
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
  const block = geometry
    ? mprBlock({ modality: instances.data?.modality ?? main.state.modality, geometry, webgl })
    : 'count';
  const mprVolume = useMemo(() => {
    if (layout !== 'mpr' || !imageIds || !geometry) return null;
    const distance = geometry.distances[resumeAt];
    return {
      imageIds: volumeOrder(geometry).map((i) => imageIds[i]!),
      focus: geometry.normal && typeof distance === 'number' ? { normal: geometry.normal, distance } : null,
      geometry,
    };
  }, [layout, imageIds, geometry, resumeAt]);
  const mpr = useMprViewer(mprVolume);
  const [mprActive, mprActiveRef, activatePlane] = useLatestState<MprPlane>('axial');

  const closeCompare = useCallback(() => {
    setPicked(null);
    setAnchor(null);
    setLinked(true);
    activate('current');
    setLayout('single');
  }, [activate]);

  const onLayout = useCallback(
    (kind: 'compare' | 'link' | 'mpr') => {
      if (kind === 'compare') {
        if (layout === 'compare') closeCompare();
        else setPickerOpen(true);
      } else if (kind === 'link') {
        if (layout !== 'compare') return;
        // Relinking takes the two slices now shown as the same anatomy: unlink, line them up, link.
        if (!linked) setAnchor({ source: main.state.index, target: prior.state.index });
        setLinked(!linked);
      } else if (layout === 'mpr') {
        // Back to the stack at the slice through the crosshairs' centre.
        const at = geometry?.normal ? crosshairsDistance(mpr.toolGroupId, geometry.normal) : null;
        if (at !== null && geometry) setResumeAt(nearestSlice(geometry, at));
        setLayout('single');
      } else if (block === null) {
        setResumeAt(main.state.index);
        setPicked(null);
        setAnchor(null);
        activate('current');
        activatePlane('axial');
        setLayout('mpr');
      }
    },
    [
      layout,
      linked,
      block,
      geometry,
      mpr.toolGroupId,
      main.state.index,
      prior.state.index,
      closeCompare,
      activate,
      activatePlane,
    ],
  );

  const onPick = useCallback((p: PickedPrior) => {
    setPickerOpen(false);
    setPicked(p);
    setAnchor(null);
    setLinked(true);
    setLayout('compare');
  }, []);

  const stackOf = useCallback(
    () =>
      activeRef.current === 'prior' && prior.viewportRef.current ? prior.viewportRef.current : main.viewportRef.current,
    [activeRef, main.viewportRef, prior.viewportRef],
  );
  const cineElement = useCallback(
    () =>
      activeRef.current === 'prior' && prior.elementRef.current ? prior.elementRef.current : main.elementRef.current,
    [activeRef, main.elementRef, prior.elementRef],
  );
  const mprTarget = useMemo(
    () =>
      layout === 'mpr'
        ? {
            viewports: () => (mpr.viewportsRef.current ? MPR_PLANES.map((p) => mpr.viewportsRef.current![p]) : []),
            active: () => mpr.viewportsRef.current?.[mprActiveRef.current] ?? null,
            toolGroupId: mpr.toolGroupId,
          }
        : null,
    [layout, mpr.viewportsRef, mprActiveRef, mpr.toolGroupId],
  );
  const toolGroupIds = useMemo(
    () => (layout === 'compare' && prior.state.ready ? [main.toolGroupId, prior.toolGroupId] : [main.toolGroupId]),
    [layout, prior.state.ready, main.toolGroupId, prior.toolGroupId],
  );
  const commands = useViewerCommands({ stack: stackOf, cineElement, toolGroupIds, mpr: mprTarget, layout: onLayout });
  // The toolbar and help are memoised: a stable `run` keeps slice changes and progress from re-rendering them.
  const runRef = useRef(commands.run);
  runRef.current = commands.run;
  const run = useCallback((c: ViewerCommand) => runRef.current(c), []);

  useEffect(() => {
    document.title = 'DicomViewer';
  }, []);

  const progress = (s: StackState) =>
    s.count > 1 || s.loaded > 0
      ? t('viewer.progress', { loaded: s.loaded, count: s.count }) +
        (s.failed ? ` · ${t('viewer.failedCount', { count: s.failed })}` : '')
      : '';
  let status = progress(main.state);
  if (layout === 'mpr')
    status =
      mpr.state.loaded < mpr.state.count
        ? t('viewer.mpr.loading', { loaded: mpr.state.loaded, count: mpr.state.count })
        : '';
  // The prior's progress only while it loads: the toolbar stays one line.
  else if (layout === 'compare' && prior.state.loaded < prior.state.count)
    status = `${t('viewer.compare.prior')}: ${progress(prior.state)}`;

  const message = stackMessage(
    instances.error,
    Boolean(instances.data && instances.data.instances.length === 0),
    main.state,
  );
  const priorMessage = stackMessage(
    priorInstances.error,
    Boolean(priorInstances.data && priorInstances.data.instances.length === 0),
    prior.state,
  );
  // The server's rendering of the first slice stays on screen until Cornerstone has drawn it (decision V15).
  useLayoutEffect(() => {
    if (main.elementRef.current) adoptPreview(main.elementRef.current);
  }, [main.elementRef]);
  const previewDone = layout !== 'single' || main.state.drawn || message !== null;
  useEffect(() => {
    if (previewDone) dropPreview();
  }, [previewDone]);
  useEffect(() => dropPreview, []);
  const comparing = layout === 'compare';
  const mode = comparing && geometry && priorGeometry ? syncMode(geometry, priorGeometry) : null;
  const blockedText =
    block === null
      ? null
      : block === 'count'
        ? t('viewer.mpr.blocked.count', { min: MPR_MIN_SLICES })
        : t(`viewer.mpr.blocked.${block}`);
  const linkedMode = comparing && linked ? mode : null;
  const toolbarLayout = useMemo(
    () => ({ comparing, linked: linkedMode, mpr: layout === 'mpr', mprBlocked: blockedText }),
    [comparing, linkedMode, layout, blockedText],
  );

  return (
    <>
      <Box
        data-rendering={rendering}
        sx={{
          height: '100vh',
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'common.black',
          color: 'text.primary',
          overflow: 'hidden',
        }}
      >
        <ViewerToolbar
          tool={commands.tool}
          layout={toolbarLayout}
          playing={commands.playing}
          fps={commands.fps}
          onFps={commands.changeFps}
          run={run}
          status={status}
        />
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: comparing ? '2px' : 0, bgcolor: 'divider' }}>
          {layout === 'mpr' ? (
            <MprLayout
              elementRefs={mpr.elementRefs}
              state={mpr.state}
              patient={exam.data ?? null}
              active={mprActive}
              onActivate={activatePlane}
            />
          ) : (
            <>
              <Box sx={{ flex: 1, minWidth: 0, display: 'flex', bgcolor: 'common.black' }}>
                <StackPane
                  elementRef={main.elementRef}
                  viewportRef={main.viewportRef}
                  state={main.state}
                  patient={exam.data ?? null}
                  testId="viewport"
                  caption={comparing ? `${t('viewer.compare.current')} ${overlayDate(exam.data?.examDate)}` : undefined}
                  highlighted={comparing && active === 'current'}
                  message={message ? { text: t(message.key), testId: message.testId } : null}
                  onActivate={() => activate('current')}
                />
              </Box>
              {comparing ? (
                <Box sx={{ flex: 1, minWidth: 0, display: 'flex', bgcolor: 'common.black' }}>
                  <StackPane
                    elementRef={prior.elementRef}
                    viewportRef={prior.viewportRef}
                    state={prior.state}
                    patient={priorExam.data ?? null}
                    testId="viewport-prior"
                    caption={`${t('viewer.compare.prior')} ${overlayDate(picked?.prior.examDate)}`}
                    highlighted={active === 'prior'}
                    message={
                      priorMessage ? { text: t(priorMessage.key), testId: `prior-${priorMessage.testId}` } : null
                    }
                    onActivate={() => activate('prior')}
                  />
                </Box>
              ) : null}
            </>
          )}
        </Box>
      </Box>
      {pickerOpen ? (
        <PriorPicker examId={examId} token={token} onClose={() => setPickerOpen(false)} onPick={onPick} />
      ) : null}
      <ShortcutHelp open={commands.help} onClose={commands.closeHelp} />
    </>
  );
}
