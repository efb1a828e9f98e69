import Box from '@mui/material/Box';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MammoLayout, mammoCaption, type MammoBlock, type MammoPaneHandle } from './components/mammo-layout';
import { MprLayout } from './components/mpr-layout';
import { PriorPicker, type PickedPrior } from './components/prior-picker';
import { ShortcutHelp } from './components/shortcut-help';
import { StackPanes } from './components/stack-panes';
import { ViewerToolbar } from './components/viewer-toolbar';
import { warmFirstImage } from './cornerstone/first-image';
import { crosshairsDistance } from './cornerstone/mpr-actions';
import type { MprPlane } from './cornerstone/tool-group';
import { useFirstPreview } from './hooks/use-first-preview';
import { useLatestState } from './hooks/use-latest-state';
import { useMammoHanging } from './hooks/use-mammo-hanging';
import { MPR_PLANES, useMprViewer } from './hooks/use-mpr-viewer';
import { usePriorCompare } from './hooks/use-prior-compare';
import { useRenderingSupport } from './hooks/use-rendering-support';
import { useSliceSync, type PaneId } from './hooks/use-slice-sync';
import { useStackViewer } from './hooks/use-stack-viewer';
import { useViewerCommands } from './hooks/use-viewer-commands';
import { useViewerSeries } from './hooks/use-viewer-series';
import { infosOf } from './lib/image-view';
import { mprBlock, volumeOrder } from './lib/mpr-eligibility';
import { nearestSlice } from './lib/slice-geometry';
import { syncMode } from './lib/slice-sync';
import { stackMessage } from './lib/stack-message';
import { mprBlockedText, toolbarStatus } from './lib/toolbar-text';
import type { ViewerCommand } from './lib/viewer-commands';
import type { ViewerLayout } from './lib/viewer-layout';

warmFirstImage();

/**
 * Spec §2: DicomViewer/{examId}/{seriesId}/{orientation}?token — one series on Cornerstone3D, shown in the series
 * page's frame (or opened alone). It reads everything with the exam token; this chunk holds Cornerstone and is loaded
 * by the light route page (dicom-viewer-page.tsx), which has already started the reads (decision V14).
 * Beyond the spec (issue 5 §4): a prior exam of the patient beside it with linked scrolling, and MPR.
 */
export function ViewerWorkspace() {
  const { t } = useTranslation();
  const { examId, token, instances, exam, imageIds, seriesUrl, geometry } = useViewerSeries();

  const [layout, setLayout] = useState<ViewerLayout>('single');
  // Where the stack reopens after MPR: the slice the reader left.
  const [resumeAt, setResumeAt] = useState(0);
  // The stack lives through 1×1 and 1×2 alike; only MPR takes its place.
  const stackShown = layout !== 'mpr';
  // An MG exam hangs four-up (decision V16) in place of the stack; while that is being worked out, no stack either.
  const isMg = instances.data?.modality === 'MG';
  const hanging = useMammoHanging(isMg ? examId : null, token);
  const mammo = hanging.hung;
  const mammoHolds = isMg && (hanging.hung || hanging.pending);
  const [mammoPriorShown, setMammoPriorShown] = useState(true);
  const mammoPanes = useRef(new Map<string, MammoPaneHandle>());
  const [mammoGroups, setMammoGroups] = useState<string[]>([]);
  const [mammoActive, mammoActiveRef, activateMammo] = useLatestState('mammo-current-RCC');
  const registerMammo = useCallback((id: string, handle: MammoPaneHandle | null) => {
    if (handle) mammoPanes.current.set(id, handle);
    else mammoPanes.current.delete(id);
    setMammoGroups([...mammoPanes.current.values()].map((h) => h.toolGroupId));
  }, []);

  const infos = useMemo(() => (instances.data ? infosOf(instances.data.instances) : undefined), [instances.data]);
  const mainStack = useMemo(
    () => (imageIds && stackShown && !mammoHolds ? { imageIds, initialIndex: resumeAt, seriesUrl, infos } : null),
    [imageIds, stackShown, mammoHolds, resumeAt, seriesUrl, infos],
  );
  const main = useStackViewer(mainStack);

  const [pickerOpen, setPickerOpen] = useState(false);
  const { picked, setPicked, anchor, setAnchor, linked, setLinked, priorInstances, priorExam, priorGeometry, prior } =
    usePriorCompare(layout, geometry, main.state.index);

  // The pane the keyboard, toolbar and cine act on, and the one that leads the scrolling.
  const [active, activeRef, activate] = useLatestState<PaneId>('current');
  useSliceSync(
    { elementRef: main.elementRef, viewportRef: main.viewportRef, geometry, ready: main.state.ready },
    { elementRef: prior.elementRef, viewportRef: prior.viewportRef, geometry: priorGeometry, ready: prior.state.ready },
    linked && layout === 'compare' ? anchor : null,
    activeRef,
  );

  const { webgl, rendering } = useRenderingSupport();
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
  }, [activate, setPicked, setAnchor, setLinked]);

  const onLayout = useCallback(
    (kind: 'compare' | 'link' | 'mpr') => {
      if (mammo) {
        // The hanging has its own comparison: the prior's four-up beside, or not.
        if (kind === 'compare') setMammoPriorShown((shown) => !shown);
        return;
      }
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
      mammo,
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
      setPicked,
      setAnchor,
      setLinked,
    ],
  );

  const onPick = useCallback(
    (p: PickedPrior) => {
      setPickerOpen(false);
      setPicked(p);
      setAnchor(null);
      setLinked(true);
      setLayout('compare');
    },
    [setPicked, setAnchor, setLinked],
  );

  const stackOf = useCallback(() => {
    if (mammo) return mammoPanes.current.get(mammoActiveRef.current)?.viewportRef.current ?? null;
    return activeRef.current === 'prior' && prior.viewportRef.current
      ? prior.viewportRef.current
      : main.viewportRef.current;
  }, [mammo, mammoActiveRef, activeRef, main.viewportRef, prior.viewportRef]);
  const cineElement = useCallback(() => {
    if (mammo) return mammoPanes.current.get(mammoActiveRef.current)?.elementRef.current ?? null;
    return activeRef.current === 'prior' && prior.elementRef.current
      ? prior.elementRef.current
      : main.elementRef.current;
  }, [mammo, mammoActiveRef, activeRef, main.elementRef, prior.elementRef]);
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
  const toolGroupIds = useMemo(() => {
    if (mammo) return mammoGroups;
    return layout === 'compare' && prior.state.ready ? [main.toolGroupId, prior.toolGroupId] : [main.toolGroupId];
  }, [mammo, mammoGroups, layout, prior.state.ready, main.toolGroupId, prior.toolGroupId]);
  const commands = useViewerCommands({ stack: stackOf, cineElement, toolGroupIds, mpr: mprTarget, layout: onLayout });
  // The toolbar and help are memoised: a stable `run` keeps slice changes and progress from re-rendering them.
  const runRef = useRef(commands.run);
  runRef.current = commands.run;
  const run = useCallback((c: ViewerCommand) => runRef.current(c), []);

  useEffect(() => {
    document.title = 'DicomViewer';
  }, []);

  const status = toolbarStatus(layout, { main: main.state, prior: prior.state, mpr: mpr.state }, t);
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
  useFirstPreview(main.elementRef, layout !== 'single' || main.state.drawn || message !== null || mammoHolds);
  const mammoPrior = mammo && mammoPriorShown ? hanging.prior : null;
  const comparing = layout === 'compare' || mammoPrior !== null;
  const mode = comparing && geometry && priorGeometry ? syncMode(geometry, priorGeometry) : null;
  const blockedText = mprBlockedText(block, t);
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
          {mammo && hanging.current ? (
            <MammoLayout
              blocks={mammoBlocks(hanging.current, mammoPrior, exam.data ?? null, t)}
              active={mammoActive}
              onActivate={activateMammo}
              register={registerMammo}
            />
          ) : layout === 'mpr' ? (
            <MprLayout
              elementRefs={mpr.elementRefs}
              state={mpr.state}
              patient={exam.data ?? null}
              active={mprActive}
              onActivate={activatePlane}
            />
          ) : (
            <StackPanes
              current={{ viewer: main, patient: exam.data ?? null, message, examDate: exam.data?.examDate }}
              prior={
                comparing
                  ? {
                      viewer: prior,
                      patient: priorExam.data ?? null,
                      message: priorMessage,
                      examDate: picked?.prior.examDate,
                    }
                  : null
              }
              active={active}
              onActivate={activate}
            />
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

/** The current four-up, and the prior's beside it when there is one (each captioned with its date). */
function mammoBlocks(
  current: MammoBlock['views'],
  prior: { prior: { examDate: string }; views: MammoBlock['views'] } | null,
  patient: { patientName: string | null; hn: string | null; examDate: string | null } | null,
  t: (key: 'viewer.compare.current' | 'viewer.compare.prior') => string,
): MammoBlock[] {
  const blocks: MammoBlock[] = [
    {
      id: 'current',
      views: current,
      patient,
      caption: prior ? mammoCaption(t('viewer.compare.current'), patient?.examDate) : null,
    },
  ];
  if (prior)
    blocks.push({
      id: 'prior',
      views: prior.views,
      patient: patient ? { ...patient, examDate: prior.prior.examDate } : null,
      caption: mammoCaption(t('viewer.compare.prior'), prior.prior.examDate),
    });
  return blocks;
}
