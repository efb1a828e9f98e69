import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { StackState, StackView } from '../hooks/use-stack-viewer';
import { hnLabel } from '@/lib/hn';

export interface OverlayPatient {
  patientName: string | null;
  hn: string | null;
  examDate: string | null;
}

const corner = {
  position: 'absolute',
  p: 1,
  typography: 'caption',
  lineHeight: 1.4,
  color: 'grey.300',
  textShadow: '0 0 3px #000, 0 0 3px #000',
  pointerEvents: 'none',
} as const;

/** dd-MM-yyyy of an ISO date (UI guide dates). */
export function overlayDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10).split('-').reverse().join('-') : '';
}

/**
 * The four-corner text a radiologist reads without looking away: who, when, which series and slice, the window.
 * `caption` (compare layout) names the pane at the top centre: current or prior, with its date.
 */
export function ViewerOverlay({
  patient,
  stack,
  caption,
}: {
  patient: OverlayPatient | null;
  stack: StackState;
  caption?: string;
}) {
  const { t } = useTranslation();
  const date = overlayDate(patient?.examDate);
  return (
    <>
      {caption ? (
        <Box
          sx={{ ...corner, top: 0, left: '50%', transform: 'translateX(-50%)', fontWeight: 600, color: 'grey.100' }}
          data-testid="overlay-caption"
        >
          {caption}
        </Box>
      ) : null}
      <Box sx={{ ...corner, top: 0, left: 0 }} data-testid="overlay-patient">
        <div>{patient?.patientName ?? ''}</div>
        <div>{hnLabel(patient?.hn)}</div>
        <div>{date}</div>
      </Box>
      <Box sx={{ ...corner, top: 0, right: 0, textAlign: 'right' }} data-testid="overlay-series">
        {stack.view.label ? (
          <Box sx={{ fontWeight: 700, color: 'grey.100', fontSize: '1rem' }} data-testid="overlay-view">
            {stack.view.label}
          </Box>
        ) : null}
        <div>
          {[stack.modality, stack.seriesNumber != null ? `Se ${stack.seriesNumber}` : null].filter(Boolean).join(' ')}
        </div>
        <div>{stack.seriesDescription ?? ''}</div>
      </Box>
      <Box sx={{ ...corner, bottom: 0, left: 0 }} data-testid="overlay-slice">
        <div>{t('viewer.overlay.slice', { n: stack.index + 1, count: stack.count })}</div>
        {stack.sliceLocation != null ? (
          <div>{t('viewer.overlay.location', { mm: stack.sliceLocation.toFixed(1) })}</div>
        ) : null}
      </Box>
      <Box sx={{ ...corner, bottom: 0, right: 0, textAlign: 'right' }} data-testid="overlay-window">
        {stack.window ? `W ${stack.window.width} / L ${stack.window.center}` : ''}
      </Box>
      <OrientationMarkers markers={stack.view.markers} below={Boolean(caption)} />
      <ScaleBar scale={stack.view.scale} />
    </>
  );
}

const marker = { ...corner, fontWeight: 700, fontSize: '0.95rem', color: 'warning.light' } as const;

/** The patient direction of each edge (decision V16), at the middle of the edge. */
export function OrientationMarkers({ markers, below }: { markers: StackView['markers']; below: boolean }) {
  if (!markers) return null;
  return (
    <>
      <Box sx={{ ...marker, top: below ? 20 : 0, left: '50%', transform: 'translateX(-50%)' }} data-testid="marker-top">
        {markers.top}
      </Box>
      <Box sx={{ ...marker, right: 0, top: '50%', transform: 'translateY(-50%)' }} data-testid="marker-right">
        {markers.right}
      </Box>
      <Box sx={{ ...marker, bottom: 0, left: '50%', transform: 'translateX(-50%)' }} data-testid="marker-bottom">
        {markers.bottom}
      </Box>
      <Box sx={{ ...marker, left: 0, top: '50%', transform: 'translateY(-50%)' }} data-testid="marker-left">
        {markers.left}
      </Box>
    </>
  );
}

/** A round length at the image's scale, above the bottom marker; says when the size is the detector's. */
function ScaleBar({ scale }: { scale: StackView['scale'] }) {
  const { t } = useTranslation();
  if (!scale) return null;
  return (
    <Box
      sx={{ ...corner, bottom: 22, left: '50%', transform: 'translateX(-50%)', textAlign: 'center' }}
      data-testid="scale-bar"
      data-mm={scale.mm}
    >
      <div>{t('viewer.scale.length', { mm: scale.mm })}</div>
      <Box
        sx={{
          width: scale.px,
          height: 6,
          mx: 'auto',
          border: 2,
          borderTop: 0,
          borderColor: 'grey.300',
          boxShadow: '0 1px 2px #000',
        }}
      />
      {scale.imager ? <div data-testid="scale-imager">{t('viewer.scale.imager')}</div> : null}
    </Box>
  );
}
