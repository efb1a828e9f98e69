import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { StackState } from '../hooks/use-stack-viewer';

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
        <div>{patient?.hn ? `HN ${patient.hn}` : ''}</div>
        <div>{date}</div>
      </Box>
      <Box sx={{ ...corner, top: 0, right: 0, textAlign: 'right' }} data-testid="overlay-series">
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
    </>
  );
}
