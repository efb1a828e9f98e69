import ChatRounded from '@mui/icons-material/ChatRounded';
import PriorityHighRounded from '@mui/icons-material/PriorityHighRounded';
import VaccinesRounded from '@mui/icons-material/VaccinesRounded';
import Tooltip from '@mui/material/Tooltip';
import { styled } from '@mui/material/styles';
import type { Exam } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';

type PatientRow = Pick<
  Exam,
  'patientName' | 'age' | 'isCritical' | 'allergy' | 'latestMessage' | 'clientName' | 'branchName'
>;

const Cell = styled('span')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 3,
  minWidth: 0,
  '& .name': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .critical': {
    display: 'inline-flex',
    flexShrink: 0,
    borderRadius: '50%',
    padding: 1,
    color: theme.palette.common.white,
    backgroundColor: theme.palette.error.main,
    '& svg': { fontSize: 13 },
  },
  '& .name.is-critical': { fontWeight: 600 },
  '& .allergy': { fontSize: 16, flexShrink: 0, color: theme.palette.warning.main },
  '& .message': { fontSize: 15, flexShrink: 0, color: theme.palette.info.main },
}));

/** Patient name with the marks a reader must not miss: critical result, allergy, a message from the assigner. */
export function PatientCell({ exam }: { exam: PatientRow }) {
  const { t } = useTranslation();
  const details = [
    exam.patientName,
    exam.age !== null ? t('worklist.row.ageYears', { age: exam.age }) : null,
    exam.clientName ? t('worklist.row.client', { name: exam.clientName }) : null,
    t('worklist.row.branch', { name: exam.branchName }),
  ]
    .filter(Boolean)
    .join(' · ');
  const allergy = exam.allergy.length > 0 ? t('worklist.row.allergy', { list: exam.allergy.join(', ') }) : null;
  const message = exam.latestMessage ? t('worklist.row.message', { message: exam.latestMessage }) : null;

  return (
    <Cell>
      {exam.isCritical ? (
        <Tooltip title={t('worklist.row.critical')} disableInteractive>
          <span className="critical" role="img" aria-label={t('worklist.row.critical')} data-testid="critical-mark">
            <PriorityHighRounded />
          </span>
        </Tooltip>
      ) : null}
      {allergy ? (
        <Tooltip title={allergy} disableInteractive>
          <VaccinesRounded className="allergy" role="img" aria-label={allergy} />
        </Tooltip>
      ) : null}
      {message ? (
        <Tooltip title={message} disableInteractive>
          <ChatRounded className="message" role="img" aria-label={message} />
        </Tooltip>
      ) : null}
      <span className={exam.isCritical ? 'name is-critical' : 'name'} title={details}>
        {exam.patientName}
      </span>
    </Cell>
  );
}
