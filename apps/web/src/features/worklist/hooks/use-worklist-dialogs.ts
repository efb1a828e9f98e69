import type { Exam } from '@rangsi/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnzipExam } from '../api/unzip-exam';
import type { ExamUploadKind } from '../lib/document-types';
import { reportUrl, viewerUrl } from '../lib/exam-links';
import { isArchived } from '../lib/exam-rules';
import { openAfter } from '@/lib/open-window';
import type { WorklistCapabilities } from '../lib/worklist-capabilities';
import { announceSuccess } from './use-success-snackbar';
import { needsAcceptance } from '@rangsi/domain';
import type { WorkstationService } from './use-workstation-download';
import { useSiteConfig } from '@/api/site';
import { helperUrlOf } from '../lib/workstation-helpers';

/** Actions that ask "are you sure?" first (spec §4). */
export type ConfirmAction =
  'accept' | 'reject' | 'approveDicom' | 'rejectDicom' | 'deleteDicom' | 'approveReport' | 'rejectReport' | 'delete';

/**
 * What comes once a case is accepted: the viewer or the report (unzipping archived images first), or a dialog (the
 * CD, RadiAnt and Export Film actions, spec §4 Acceptance).
 */
export type AfterAccept = { url: string; unzip: boolean } | { dialog: GatedDialog };

/** The dialogs that work on the exam's images: a doctor accepts an assigned case first. */
export type GatedDialog =
  { kind: 'workstation'; exam: Exam; service: WorkstationService } | { kind: 'exportFilm'; exam: Exam };

export type WorklistDialog =
  | { kind: 'documents'; exam: Exam; uploadKind: ExamUploadKind }
  | { kind: 'edit'; exam: Exam }
  | { kind: 'assign'; exam: Exam }
  | { kind: 'history'; exam: Exam }
  | { kind: 'importDicom'; exam: Exam }
  | GatedDialog
  | { kind: 'confirm'; action: ConfirmAction; exam: Exam; then?: AfterAccept };

/** What a row can ask the screen to do. */
export interface WorklistActions {
  open: (dialog: WorklistDialog) => void;
  /** Spec §2 viewer in a new window; acceptance first for the reviewer of an Assigned exam, unzip first when archived. */
  openViewer: (exam: Exam) => void;
  /** Spec §2 report in a new window; acceptance first for the reviewer of an Assigned exam. */
  openReport: (exam: Exam) => void;
  /** Spec §4 Zip: unzip archived images ahead of viewing; the answer replaces the row. */
  unzip: (exam: Exam) => void;
  /** Spec §2 CD folder, RadiAnt and Export Film dialogs; acceptance first for the reviewer of an Assigned exam. */
  openImageDialog: (dialog: GatedDialog) => void;
  /** Which workstation helpers the site offers (spec §7; decision WS10). */
  helpers: { cd: boolean; radiant: boolean };
}

export function useWorklistDialogs(can: WorklistCapabilities) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<WorklistDialog | null>(null);
  const { mutateAsync: unzip } = useUnzipExam();
  const site = useSiteConfig().data;
  const cd = Boolean(helperUrlOf(site, 'cd'));
  const radiant = Boolean(helperUrlOf(site, 'radiant'));

  const openGated = useCallback(
    (exam: Exam, url: string, unzipFirst: boolean) => {
      // Spec §4 Acceptance: the confirmation comes before anything is opened.
      if (needsAcceptance(exam, can)) {
        setDialog({ kind: 'confirm', action: 'accept', exam, then: { url, unzip: unzipFirst } });
        return;
      }
      if (unzipFirst) {
        void openAfter(url, async () => {
          await unzip({ exam });
          announceSuccess(t('worklist.done.unzip'));
        });
        return;
      }
      window.open(url, '_blank', 'noopener');
    },
    [can, unzip, t],
  );

  const actions = useMemo<WorklistActions>(
    () => ({
      open: setDialog,
      openViewer: (exam) => openGated(exam, viewerUrl(exam), isArchived(exam)),
      openReport: (exam) => openGated(exam, reportUrl(exam), false),
      helpers: { cd, radiant },
      openImageDialog: (next) =>
        setDialog(
          needsAcceptance(next.exam, can)
            ? { kind: 'confirm', action: 'accept', exam: next.exam, then: { dialog: next } }
            : next,
        ),
      unzip: (exam) => {
        unzip({ exam }).then(
          () => announceSuccess(t('worklist.done.unzip')),
          // The failure is already in the global error alert.
          () => undefined,
        );
      },
    }),
    [openGated, unzip, t, can, cd, radiant],
  );

  const close = useCallback(() => setDialog(null), []);
  return { dialog, close, actions };
}
