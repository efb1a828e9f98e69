import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { instancesQuery, overlayExamQuery, startFrameReads } from './api/viewer-queries';
import { viewerTheme } from './viewer-theme';

// Cornerstone's chunk (~4 MB) starts downloading the moment this small route chunk runs, while the page below already
// reads the instance list and the first slice's file (decision V14): the three go over the wire together.
const workspaceChunk = import('./viewer-workspace');
let loadedWorkspace: ComponentType | null = null;
void workspaceChunk.then((m) => {
  loadedWorkspace = m.ViewerWorkspace;
});

/** The route's parameters as react-router will give them, read from the address before any rendering. */
function targetOfAddress(): { examId: string; seriesId: string; orientation: string; token: string } | null {
  const m = /^\/DicomViewer\/([^/]+)\/([^/]+)(?:\/([^/]*))?\/?$/.exec(window.location.pathname);
  if (!m) return null;
  try {
    return {
      examId: decodeURIComponent(m[1]!),
      seriesId: decodeURIComponent(m[2]!),
      orientation: decodeURIComponent(m[3] ?? ''),
      token: new URLSearchParams(window.location.search).get('token') ?? '',
    };
  } catch {
    return null;
  }
}

const early = targetOfAddress();
if (early) startFrameReads(early);

/**
 * Spec §2: DicomViewer/{examId}/{seriesId}/{orientation}?token. The route's own chunk holds no Cornerstone: it starts
 * the frame's reads and shows a black reading area until the viewer (viewer-workspace.tsx) has arrived.
 */
export function DicomViewerPage() {
  const { examId = '', seriesId = '', orientation = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const target = useMemo(() => ({ examId, seriesId, orientation, token }), [examId, seriesId, orientation, token]);
  useQuery(instancesQuery(target, true));
  useQuery(overlayExamQuery(examId, token));
  // A state update, not React.lazy: a Suspense boundary would hold the resolved viewer back (reveal throttling).
  const [Workspace, setWorkspace] = useState<ComponentType | null>(() => loadedWorkspace);
  useEffect(() => {
    let live = true;
    if (!Workspace) void workspaceChunk.then((m) => live && setWorkspace(() => m.ViewerWorkspace));
    return () => {
      live = false;
    };
  }, [Workspace]);
  return (
    <ThemeProvider theme={viewerTheme}>
      <CssBaseline />
      {Workspace ? <Workspace /> : <Box sx={{ height: '100vh', bgcolor: 'common.black' }} />}
    </ThemeProvider>
  );
}
