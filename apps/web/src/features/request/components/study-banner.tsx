import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { UnmatchedStudy } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { dicomDate, personName } from '@/lib/dicom-text';
import { examForStudy, studyModalities } from '@/lib/request-from-study';

/**
 * On a request made from images that arrived for no exam: which images they are, and a warning when the chosen
 * patient's HN is not the images' Patient ID.
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
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Alert severity={differs ? 'warning' : 'info'} data-testid="request-from-study">
      <AlertTitle>{t('request.form.studyTitle')}</AlertTitle>
      {summary}
      {differs ? (
        <>
          <br />
          <strong data-testid="request-from-study-hn-differs">
            {t('request.form.studyHnDiffers', { hn: patientHn, patientId: study.patientId })}
          </strong>
        </>
      ) : null}
    </Alert>
  );
}

/**
 * Beside the products: which exam saving will link the images to, as the products chosen so far decide (one exam per
 * modality, then the same choice saving makes), or that they will not be linked. A warning when they would stay
 * unmatched or go to an exam of another modality.
 */
export function StudyLinkHint({ study, plannedModalities }: { study: UnmatchedStudy; plannedModalities: string[] }) {
  const { t } = useTranslation();
  const imageModalities = studyModalities(study);
  const imageModality = imageModalities.join('/') || '—';
  const target = examForStudy(
    study,
    plannedModalities.map((m) => ({ examId: m, modalityCode: m, accessionNumber: '' })),
  );
  // The only exam takes the images whatever its modality (as saving does): worth a second look when it is another one.
  const otherModality = Boolean(target && !imageModalities.includes(target.modalityCode.toUpperCase()));
  const warn = (plannedModalities.length > 0 && !target) || otherModality;
  let text: string;
  if (plannedModalities.length === 0) text = t('request.form.studyChooseProducts', { modality: imageModality });
  else if (!target) text = t('request.form.studyWillNotLink', { modality: imageModality });
  else text = t('request.form.studyLinkOnSave', { modality: target.modalityCode });
  return (
    <Alert severity={warn ? 'warning' : 'info'} sx={{ mb: 1, py: 0 }} data-testid="request-from-study-link">
      {text}
    </Alert>
  );
}
