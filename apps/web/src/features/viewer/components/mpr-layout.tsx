import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PLANE_COLORS, type MprPlane } from '../cornerstone/tool-group';
import type { MprState } from '../hooks/use-mpr-viewer';
import type { useMprViewer } from '../hooks/use-mpr-viewer';
import { OrientationMarkers, overlayDate, type OverlayPatient } from './viewer-overlay';
import { ViewportMessage } from './viewport-message';
import { hnLabel } from '@/lib/hn';

const corner = {
  position: 'absolute',
  p: 1,
  typography: 'caption',
  lineHeight: 1.4,
  color: 'grey.300',
  textShadow: '0 0 3px #000, 0 0 3px #000',
  pointerEvents: 'none',
} as const;

interface MprLayoutProps {
  elementRefs: ReturnType<typeof useMprViewer>['elementRefs'];
  state: MprState;
  patient: OverlayPatient | null;
  active: MprPlane;
  onActivate: (plane: MprPlane) => void;
}

/** MPR: axial large on the left, sagittal and coronal stacked on the right; each labelled in its crosshair colour. */
export function MprLayout({ elementRefs, state, patient, active, onActivate }: MprLayoutProps) {
  const { t } = useTranslation();
  const plane = (p: MprPlane, area: string) => {
    const s = state.planes[p];
    return (
      <Box
        key={p}
        sx={{
          gridArea: area,
          position: 'relative',
          minWidth: 0,
          minHeight: 0,
          bgcolor: 'common.black',
          borderTop: 2,
          borderColor: PLANE_COLORS[p],
        }}
        onPointerDownCapture={() => onActivate(p)}
        onWheelCapture={() => onActivate(p)}
        data-testid={`mpr-${p}-pane`}
        data-active={active === p ? 'true' : undefined}
      >
        <Box
          ref={elementRefs[p]}
          data-testid={`mpr-${p}`}
          tabIndex={0}
          onContextMenu={(e) => e.preventDefault()}
          sx={{ position: 'absolute', inset: 0, outline: 'none' }}
        />
        <Box sx={{ ...corner, top: 0, left: 0, color: PLANE_COLORS[p], fontWeight: 600 }}>{t(`viewer.mpr.${p}`)}</Box>
        {p === 'axial' && patient ? (
          <Box sx={{ ...corner, top: 0, right: 0, textAlign: 'right' }} data-testid="overlay-patient">
            <div>{patient.patientName ?? ''}</div>
            <div>{hnLabel(patient.hn)}</div>
            <div>{overlayDate(patient.examDate)}</div>
          </Box>
        ) : null}
        {s.count > 0 ? (
          <Box sx={{ ...corner, bottom: 0, left: 0 }} data-testid={`mpr-${p}-slice`}>
            {t('viewer.overlay.slice', { n: s.index + 1, count: s.count })}
          </Box>
        ) : null}
        <Box sx={{ ...corner, bottom: 0, right: 0, textAlign: 'right' }}>
          {s.window ? `W ${s.window.width} / L ${s.window.center}` : ''}
        </Box>
        <OrientationMarkers markers={s.markers} below={false} />
        {active === p ? (
          <Box sx={{ position: 'absolute', inset: 0, border: 1, borderColor: 'primary.main', pointerEvents: 'none' }} />
        ) : null}
      </Box>
    );
  };
  return (
    <Box
      sx={{
        position: 'relative',
        flex: 1,
        minWidth: 0,
        display: 'grid',
        gridTemplateColumns: '3fr 2fr',
        gridTemplateRows: '1fr 1fr',
        gridTemplateAreas: '"a s" "a c"',
        gap: '2px',
        bgcolor: 'divider',
      }}
      data-testid="mpr-layout"
    >
      {plane('axial', 'a')}
      {plane('sagittal', 's')}
      {plane('coronal', 'c')}
      {state.failed ? <ViewportMessage text={t('viewer.mpr.failed')} testId="mpr-failed" /> : null}
    </Box>
  );
}
