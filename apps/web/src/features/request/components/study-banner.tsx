import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { UnmatchedStudy } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { dicomDate, personName } from '../../../lib/dicom-text';

/**
 * On a request made from images that arrived for no exam: which images they are, that saving links them to the new
 * exam of their modality, and a warning when the chosen patient's HN is not the images' Patient ID.
 */
export function StudyBanner({ study, patientHn }: { study: UnmatchedStudy; patientHn: string | null }) {
  const { t } = useTranslation();
  const differs = Boolean(patientHn && study.patientId && patientHn.trim() !== study.patientId.trim());
  const summary = [
    personName(study.patientName),
    study.patientId ? `Patient ID ${study.patientId}` : null,
    dicomDate(study.studyDate),
    study.modalities,
    study.studyDescription,
    t('request.form.studyImages', { count: study.numberOfInstances }),
  ].filter(Boolean).join(' · ');
  return (
    <Alert severity={differs ? 'warning' : 'info'} data-testid="request-from-study">
      <AlertTitle>{t('request.form.studyTitle')}</AlertTitle>
      {summary}
      <br />
      {t('request.form.studyLinkOnSave', { modality: study.modalities ?? '' })}
      {differs ? (
        <>
          <br />
          <strong data-testid="request-from-study-hn-differs">{t('request.form.studyHnDiffers', { hn: patientHn, patientId: study.patientId })}</strong>
        </>
      ) : null}
    </Alert>
  );
}
