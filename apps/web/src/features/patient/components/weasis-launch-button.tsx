import ViewInArRounded from '@mui/icons-material/ViewInArRounded';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useIssueWeasisToken } from '../api/issue-exam-token';
import { weasisLaunchUrl, weasisManifestUrl } from '../lib/weasis-launch';

/** Hands a weasis:// link to the operating system (the installed Weasis registers the scheme). */
function openExternal(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.click();
}

/**
 * The exam history's DICOM viewer link (spec §2, §6 EXAM_DICOM): a fresh token for this one exam, then Weasis opens
 * the manifest /weasis/{examId}?token= with it.
 */
export function WeasisLaunchButton({ examId }: { examId: string }) {
  const { t } = useTranslation();
  const issue = useIssueWeasisToken();
  const title = issue.isError
    ? `${t('patient.history.openWeasisFailed')}: ${issue.error.message || t('error.generic')}`
    : t('patient.history.openWeasis');
  const launch = () => {
    issue.mutate(examId, {
      onSuccess: ({ token }) => openExternal(weasisLaunchUrl(weasisManifestUrl(window.location.origin, examId, token))),
    });
  };
  return (
    <Tooltip title={title}>
      <span>
        <IconButton
          aria-label={t('patient.history.openWeasis')}
          data-testid="weasis-launch"
          data-exam-id={examId}
          onClick={launch}
          disabled={issue.isPending}
          color={issue.isError ? 'error' : 'default'}
        >
          {issue.isPending ? <CircularProgress size={18} /> : <ViewInArRounded fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
