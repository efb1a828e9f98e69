import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { getInstances, getOverlayExam, ViewerLoadError } from './api/viewer-instances';
import { ShortcutHelp } from './components/shortcut-help';
import { SliceSlider } from './components/slice-slider';
import { ViewerOverlay } from './components/viewer-overlay';
import { ViewerToolbar } from './components/viewer-toolbar';
import { ViewportMessage } from './components/viewport-message';
import { imageIdsOf } from './cornerstone/image-ids';
import { scrollTo } from './cornerstone/viewport-actions';
import { useStackViewer } from './hooks/use-stack-viewer';
import { useViewerCommands } from './hooks/use-viewer-commands';
import { viewerTheme } from './viewer-theme';

type MessageKey = 'viewer.error.expired' | 'viewer.error.notFound' | 'viewer.error.load' | 'viewer.error.empty' | 'viewer.error.decode';

function loadErrorKey(error: unknown): MessageKey {
  if (error instanceof ViewerLoadError) {
    if (error.status === 401) return 'viewer.error.expired';
    if (error.status === 403 || error.status === 404 || error.status === 400) return 'viewer.error.notFound';
  }
  return 'viewer.error.load';
}

/**
 * Spec §2: DicomViewer/{examId}/{seriesId}/{orientation}?token — one series on Cornerstone3D, shown in the series
 * page's frame (or opened alone). It reads everything with the exam token; this route's chunk holds Cornerstone.
 */
export function DicomViewerPage() {
  const { t } = useTranslation();
  const { examId = '', seriesId = '', orientation = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const target = { examId, seriesId, orientation, token };
  const instances = useQuery({ queryKey: ['dicom-viewer', target], queryFn: () => getInstances(target), retry: false, meta: { errorAlert: false } });
  const exam = useQuery({ queryKey: ['dicom-viewer', 'exam', examId, token], queryFn: () => getOverlayExam(examId, token), retry: false, meta: { errorAlert: false } });
  const imageIds = useMemo(() => (instances.data ? imageIdsOf(instances.data.instances, token, window.location.origin) : null), [instances.data, token]);
  const { elementRef, viewportRef, state, toolGroupId } = useStackViewer(imageIds);
  const commands = useViewerCommands({ elementRef, viewportRef, toolGroupId });

  useEffect(() => {
    document.title = 'DicomViewer';
  }, []);

  const status = state.count > 1 || state.loaded > 0
    ? t('viewer.progress', { loaded: state.loaded, count: state.count }) + (state.failed ? ` · ${t('viewer.failedCount', { count: state.failed })}` : '')
    : '';
  let message: { key: MessageKey; testId: string } | null = null;
  if (instances.error) message = { key: loadErrorKey(instances.error), testId: 'viewer-refused' };
  else if (instances.data && instances.data.instances.length === 0) message = { key: 'viewer.error.empty', testId: 'viewer-empty' };
  else if (state.ready && state.currentFailed) message = { key: 'viewer.error.decode', testId: 'decode-error' };

  return (
    <ThemeProvider theme={viewerTheme}>
      <CssBaseline />
      <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'common.black', color: 'text.primary', overflow: 'hidden' }}>
        <ViewerToolbar tool={commands.tool} playing={commands.playing} fps={commands.fps} onFps={commands.changeFps} run={commands.run} status={status} />
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
          <Box sx={{ position: 'relative', flex: 1, minWidth: 0 }}>
            <Box
              ref={elementRef}
              data-testid="viewport"
              tabIndex={0}
              onContextMenu={(e) => e.preventDefault()}
              sx={{ position: 'absolute', inset: 0, outline: 'none' }}
            />
            {state.ready ? <ViewerOverlay patient={exam.data ?? null} stack={state} /> : null}
            {message ? <ViewportMessage text={t(message.key)} testId={message.testId} /> : null}
          </Box>
          <SliceSlider index={state.index} count={state.count} onChange={(i) => viewportRef.current && scrollTo(viewportRef.current, i)} />
        </Box>
      </Box>
      <ShortcutHelp open={commands.help} onClose={commands.closeHelp} />
    </ThemeProvider>
  );
}
