import AssignmentIndRounded from '@mui/icons-material/AssignmentIndRounded';
import LinkRounded from '@mui/icons-material/LinkRounded';
import LocalHospitalRounded from '@mui/icons-material/LocalHospitalRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import PushPinRounded from '@mui/icons-material/PushPinRounded';
import { styled, type Theme } from '@mui/material/styles';
import type { Exam } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';

const style = {
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  minWidth: 0,
  maxWidth: '100%',
  padding: '2px 4px',
  margin: '0 -4px',
  border: 0,
  borderRadius: 6,
  background: 'none',
  font: 'inherit',
  fontSize: '0.8125rem',
  textAlign: 'left',
} as const;

const cellStyles = (theme: Theme) => ({
  ...style,
  color: theme.palette.text.primary,
  '& .name': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .name[data-rejected="true"]': { color: theme.palette.error.main, fontWeight: 600 },
  '& .mark': { fontSize: 16, flexShrink: 0, color: theme.palette.status.assigned.main },
  '& .mark.rejected': { color: theme.palette.error.main },
  '& .flag': { fontSize: 14, flexShrink: 0, color: theme.palette.text.secondary },
  '& .none': { color: theme.palette.text.disabled },
});

const Plain = styled('span')(({ theme }) => cellStyles(theme));

const Action = styled('button')(({ theme }) => ({
  ...cellStyles(theme),
  cursor: 'pointer',
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&.unassigned': { color: theme.palette.primary.main, fontWeight: 600 },
}));

interface DoctorCellProps {
  exam: Pick<Exam, 'reviewerName' | 'status' | 'isSpecific' | 'isOnDuty' | 'isChainCase' | 'latestMessage'>;
  /** Opens the assign dialog; undefined when the exam cannot be (re)assigned. */
  onAssign?: () => void;
}

/**
 * Spec §6 EXAM_ASSIGN: the doctor column with the assigned mark, opening the assign dialog. A rejected exam shows
 * the doctor's name in red (spec §2) with "rejected by" in its title, so the red is not the only signal.
 */
export function DoctorCell({ exam, onAssign }: DoctorCellProps) {
  const { t } = useTranslation();
  const rejected = exam.status === 'Rejected';
  const flags = [
    exam.isSpecific ? { key: 'specific', label: t('worklist.row.specific'), Icon: PushPinRounded } : null,
    exam.isOnDuty ? { key: 'onDuty', label: t('worklist.row.onDuty'), Icon: LocalHospitalRounded } : null,
    exam.isChainCase ? { key: 'chain', label: t('worklist.row.chainCase'), Icon: LinkRounded } : null,
  ].filter((f) => f !== null);

  const name = exam.reviewerName;
  const title = [
    name ? (rejected ? t('worklist.status.rejectedBy', { name }) : name) : t('worklist.row.notAssigned'),
    ...flags.map((f) => f.label),
    exam.latestMessage ? t('worklist.row.message', { message: exam.latestMessage }) : null,
    onAssign ? t('worklist.row.assignTo') : null,
  ]
    .filter(Boolean)
    .join(' · ');

  const content = name ? (
    <>
      <AssignmentIndRounded aria-hidden className={rejected ? 'mark rejected' : 'mark'} />
      <span className="name" data-testid="doctor-name" data-rejected={rejected ? 'true' : 'false'}>
        {name}
      </span>
      {flags.map(({ key, label, Icon }) => (
        <Icon key={key} className="flag" role="img" aria-label={label} />
      ))}
    </>
  ) : onAssign ? (
    <>
      <PersonAddAlt1Rounded aria-hidden className="mark" sx={{ color: 'inherit' }} />
      <span>{t('worklist.row.assign')}</span>
    </>
  ) : (
    <span className="none" aria-label={t('worklist.row.notAssigned')}>
      –
    </span>
  );

  return onAssign ? (
    <Action
      type="button"
      onClick={onAssign}
      title={title}
      className={name ? undefined : 'unassigned'}
      data-testid="assign-button"
      aria-label={`${t('worklist.row.assignTo')}: ${name ?? t('worklist.row.notAssigned')}`}
    >
      {content}
    </Action>
  ) : (
    <Plain title={title}>{content}</Plain>
  );
}
