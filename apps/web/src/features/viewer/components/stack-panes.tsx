import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { PaneId } from '../hooks/use-slice-sync';
import type { useStackViewer } from '../hooks/use-stack-viewer';
import type { StackMessageKey } from '../lib/stack-message';
import { StackPane } from './stack-pane';
import { overlayDate, type OverlayPatient } from './viewer-overlay';

/** One exam's stack as the panes show it. */
export interface PaneContent {
  viewer: Pick<ReturnType<typeof useStackViewer>, 'elementRef' | 'viewportRef' | 'state'>;
  patient: OverlayPatient | null;
  message: { key: StackMessageKey; testId: string } | null;
  /** The exam's date, in the caption while comparing. */
  examDate: string | null | undefined;
}

/** The current exam's stack, alone or with the prior's beside it (1×2), each captioned with its date when compared. */
export function StackPanes({
  current,
  prior,
  active,
  onActivate,
}: {
  current: PaneContent;
  /** The prior beside the current exam; null when not comparing. */
  prior: PaneContent | null;
  active: PaneId;
  onActivate: (pane: PaneId) => void;
}) {
  const { t } = useTranslation();
  const comparing = prior !== null;
  return (
    <>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', bgcolor: 'common.black' }}>
        <StackPane
          elementRef={current.viewer.elementRef}
          viewportRef={current.viewer.viewportRef}
          state={current.viewer.state}
          patient={current.patient}
          testId="viewport"
          caption={comparing ? `${t('viewer.compare.current')} ${overlayDate(current.examDate)}` : undefined}
          highlighted={comparing && active === 'current'}
          message={current.message ? { text: t(current.message.key), testId: current.message.testId } : null}
          onActivate={() => onActivate('current')}
        />
      </Box>
      {prior ? (
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', bgcolor: 'common.black' }}>
          <StackPane
            elementRef={prior.viewer.elementRef}
            viewportRef={prior.viewer.viewportRef}
            state={prior.viewer.state}
            patient={prior.patient}
            testId="viewport-prior"
            caption={`${t('viewer.compare.prior')} ${overlayDate(prior.examDate)}`}
            highlighted={active === 'prior'}
            message={prior.message ? { text: t(prior.message.key), testId: `prior-${prior.message.testId}` } : null}
            onActivate={() => onActivate('prior')}
          />
        </Box>
      ) : null}
    </>
  );
}
