import LocalHospitalRounded from '@mui/icons-material/LocalHospitalRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Exam } from '@rangsi/contract';
import {
  expectedReportDate,
  REPORT_URGENCIES,
  sanitizeDurationPart,
  urgencyToDuration,
  type ReportUrgency,
} from '@rangsi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import { useAssignExam } from '../api/assign-exam';
import { useAssignableDoctors } from '../api/get-assignable-doctors';
import { useDutyDoctor } from '../api/get-duty-doctor';
import { announceSuccess } from '../hooks/use-success-snackbar';
import { shouldHideAssignFlags } from '../lib/exam-rules';
import { ExamDialogTitle } from './exam-dialog-title';
import { FieldLabel } from '@/components/field-label';

interface AssignDialogProps {
  /** The live row: after a conflict it is the fresh one, and the version sent is its version. */
  exam: Exam;
  onClose: () => void;
}

type DurationPart = 'day' | 'hour' | 'minute';

/** Day/hour/minute to report from now, rounded up to the minute: reassigning keeps the current deadline by default. */
function remainingDuration(expectedDate: string | null, now: number): Record<DurationPart, string> {
  const minutes = expectedDate ? Math.ceil((new Date(expectedDate).getTime() - now) / 60_000) : 0;
  if (minutes <= 0) return { day: '0', hour: '0', minute: '0' };
  return {
    day: String(Math.floor(minutes / 1440)),
    hour: String(Math.floor((minutes % 1440) / 60)),
    minute: String(minutes % 60),
  };
}

function isUrgency(value: string): value is ReportUrgency {
  return (REPORT_URGENCIES as readonly string[]).includes(value);
}

/**
 * Spec §2/§4/§5 Assign Case: assignable doctors, the on-duty doctor, urgency presets (CT with an assignee only),
 * day/hour/minute forced to 0 when not a number or negative, the specific/on-duty/chain flags, a message; Assign
 * stays disabled until something changed, and a failure shows the server's message in red here.
 */
export function AssignDialog({ exam, onClose }: AssignDialogProps) {
  const { t } = useTranslation();
  // "2 ชม.", "3 วัน", "30 นาที" for the urgency options; no deadline for zero. A closure over the hook's own t: a helper
  // typed with i18next's whole TFunction made TypeScript expand every resource key and give up (TS2589).
  const durationText = (d: { day: number; hour: number; minute: number }): string => {
    const parts = [
      d.day ? t('worklist.duration.day', { count: d.day }) : '',
      d.hour ? t('worklist.duration.hour', { count: d.hour }) : '',
      d.minute ? t('worklist.duration.minute', { count: d.minute }) : '',
    ].filter(Boolean);
    return parts.length ? parts.join(' ') : t('worklist.duration.none');
  };
  const doctors = useAssignableDoctors(exam.examId);
  const duty = useDutyDoctor(exam.branchId);
  const assign = useAssignExam();

  const [doctorId, setDoctorId] = useState(exam.reviewerId ?? '');
  const [isSpecific, setIsSpecific] = useState(exam.isSpecific);
  const [isOnDuty, setIsOnDuty] = useState(exam.isOnDuty);
  const [isChainCase, setIsChainCase] = useState(exam.isChainCase);
  const [message, setMessage] = useState('');
  const [urgency, setUrgency] = useState<ReportUrgency>(
    isUrgency(exam.reportUrgency) ? exam.reportUrgency : 'NotSpecified',
  );
  const [duration, setDuration] = useState(() => remainingDuration(exam.expectedDate, Date.now()));

  const showUrgency = doctorId !== '' && exam.modality === 'CT';
  const hideFlags = shouldHideAssignFlags(exam.branchId);
  const effectiveUrgency: ReportUrgency = showUrgency ? urgency : 'NotSpecified';

  // Spec §5: only these count as a change (not the day/hour/minute alone); compared with the live row.
  const changed =
    doctorId !== (exam.reviewerId ?? '') ||
    isSpecific !== exam.isSpecific ||
    isOnDuty !== exam.isOnDuty ||
    isChainCase !== exam.isChainCase ||
    message.trim() !== '' ||
    (showUrgency && urgency !== exam.reportUrgency);

  const chooseUrgency = (value: ReportUrgency) => {
    setUrgency(value);
    const preset = urgencyToDuration(value);
    setDuration({ day: String(preset.day), hour: String(preset.hour), minute: String(preset.minute) });
  };

  const sanitized = {
    day: sanitizeDurationPart(duration.day),
    hour: sanitizeDurationPart(duration.hour),
    minute: sanitizeDurationPart(duration.minute),
  };
  const due = doctorId ? expectedReportDate(new Date(), sanitized) : null;

  const dutyDoctor = duty.data ?? null;
  const dutyAssignable = dutyDoctor !== null && (doctors.data ?? []).some((d) => d.doctorId === dutyDoctor.doctorId);

  const submit = () => {
    setDuration({ day: String(sanitized.day), hour: String(sanitized.hour), minute: String(sanitized.minute) });
    assign.mutate(
      {
        exam,
        assignment: {
          doctorId: doctorId || null,
          withInDay: sanitized.day,
          withInHour: sanitized.hour,
          withInMinute: sanitized.minute,
          isSpecific,
          isOnDuty,
          isChainCase,
          message: message.trim() || null,
          reportUrgency: effectiveUrgency,
        },
      },
      {
        onSuccess: (row) => {
          announceSuccess(
            t(row.reviewerId ? 'worklist.done.assign' : 'worklist.done.unassign', {
              accession: row.accessionNumber ?? '—',
            }),
          );
          onClose();
        },
      },
    );
  };

  const durationField = (part: DurationPart) => (
    <Box sx={{ width: 92 }}>
      <FieldLabel htmlFor={`assign-${part}`}>{t(`worklist.assign.${part}`)}</FieldLabel>
      <TextField
        id={`assign-${part}`}
        type="number"
        value={duration[part]}
        onChange={(event) => setDuration((previous) => ({ ...previous, [part]: event.target.value }))}
        onBlur={() =>
          setDuration((previous) => ({ ...previous, [part]: String(sanitizeDurationPart(previous[part])) }))
        }
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric', 'data-testid': `assign-${part}` } }}
        fullWidth
      />
    </Box>
  );

  const titleId = 'assign-dialog-title';
  return (
    <Dialog
      open
      onClose={assign.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="assign-dialog"
    >
      <ExamDialogTitle
        id={titleId}
        title={t('worklist.assign.title')}
        subtitle={t('worklist.assign.exam', {
          accession: exam.accessionNumber ?? '—',
          patient: exam.patientName,
          modality: exam.description,
        })}
        onClose={assign.isPending ? undefined : onClose}
      />
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '12px !important' }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
            <FieldLabel id="assign-doctor-label" htmlFor="assign-doctor">
              {t('worklist.assign.doctor')}
            </FieldLabel>
            <TextField
              id="assign-doctor"
              select
              value={doctors.isSuccess ? doctorId : ''}
              onChange={(event) => setDoctorId(event.target.value)}
              fullWidth
              disabled={!doctors.isSuccess}
              slotProps={{
                select: {
                  labelId: 'assign-doctor-label',
                  displayEmpty: true,
                  SelectDisplayProps: { 'data-testid': 'assign-doctor' } as object,
                  renderValue: (value) => {
                    if (!doctors.isSuccess) return t('worklist.assign.loadingDoctors');
                    if (!value) return t('worklist.assign.noDoctor');
                    const chosen = doctors.data.find((d) => d.doctorId === value);
                    return chosen?.doctorName ?? exam.reviewerName ?? '';
                  },
                },
              }}
            >
              <MenuItem value="">{t('worklist.assign.noDoctor')}</MenuItem>
              {/* The current reviewer stays choosable even when no longer among the client's readers. */}
              {exam.reviewerId && doctors.isSuccess && !doctors.data.some((d) => d.doctorId === exam.reviewerId) ? (
                <MenuItem value={exam.reviewerId}>{exam.reviewerName ?? exam.reviewerId}</MenuItem>
              ) : null}
              {(doctors.data ?? []).map((d) => (
                <MenuItem key={d.doctorId} value={d.doctorId} data-testid="doctor-option">
                  {d.doctorName}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Tooltip
            title={
              dutyDoctor === null
                ? t('worklist.assign.noDutyDoctor')
                : dutyAssignable
                  ? ''
                  : t('worklist.assign.dutyNotAssignable')
            }
          >
            <span>
              <Button
                variant="outlined"
                startIcon={<LocalHospitalRounded />}
                disabled={!dutyAssignable}
                onClick={() => {
                  if (!dutyDoctor) return;
                  setDoctorId(dutyDoctor.doctorId);
                  setIsOnDuty(true);
                }}
                data-testid="assign-duty-doctor"
                sx={{
                  height: 40,
                  maxWidth: 260,
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  display: 'inline-flex',
                }}
              >
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {dutyDoctor
                    ? t('worklist.assign.onDutyButton', { name: dutyDoctor.doctorName })
                    : t('worklist.assign.noDutyDoctor')}
                </Box>
              </Button>
            </span>
          </Tooltip>
        </Box>

        {showUrgency ? (
          <Box sx={{ maxWidth: 320 }}>
            <FieldLabel id="assign-urgency-label" htmlFor="assign-urgency">
              {t('worklist.assign.urgency')}
            </FieldLabel>
            <TextField
              id="assign-urgency"
              select
              value={urgency}
              onChange={(event) => {
                if (isUrgency(event.target.value)) chooseUrgency(event.target.value);
              }}
              fullWidth
              slotProps={{
                select: {
                  labelId: 'assign-urgency-label',
                  SelectDisplayProps: { 'data-testid': 'assign-urgency' } as object,
                },
              }}
            >
              {REPORT_URGENCIES.map((u) => (
                <MenuItem key={u} value={u} data-testid={`urgency-option-${u}`}>
                  {t(`worklist.urgency.${u}`)}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {durationText(urgencyToDuration(u))}
                  </Typography>
                </MenuItem>
              ))}
            </TextField>
          </Box>
        ) : null}

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('worklist.assign.within')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-end', flexWrap: 'wrap' }}>
            {durationField('day')}
            {durationField('hour')}
            {durationField('minute')}
            <Typography
              variant="body2"
              color={due ? 'text.primary' : 'text.secondary'}
              data-testid="assign-due"
              sx={{ pb: 1, fontVariantNumeric: 'tabular-nums' }}
            >
              {due ? t('worklist.row.countdownExpected', { date: formatDateTime(due) }) : t('worklist.duration.none')}
            </Typography>
          </Box>
          <FormHelperText sx={{ mx: 0 }}>{t('worklist.assign.withinHint')}</FormHelperText>
        </Box>

        {hideFlags ? null : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            <FormControlLabel
              control={<Checkbox size="small" checked={isSpecific} onChange={(e) => setIsSpecific(e.target.checked)} />}
              label={t('worklist.assign.isSpecific')}
            />
            <FormControlLabel
              control={<Checkbox size="small" checked={isOnDuty} onChange={(e) => setIsOnDuty(e.target.checked)} />}
              label={t('worklist.assign.isOnDuty')}
            />
            <FormControlLabel
              control={
                <Checkbox size="small" checked={isChainCase} onChange={(e) => setIsChainCase(e.target.checked)} />
              }
              label={t('worklist.assign.isChainCase')}
            />
          </Box>
        )}

        <Box>
          <FieldLabel htmlFor="assign-message">{t('worklist.assign.message')}</FieldLabel>
          <TextField
            id="assign-message"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            multiline
            minRows={2}
            maxRows={5}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Box>

        {assign.isError ? (
          <Typography
            role="alert"
            color="error"
            variant="body2"
            data-testid="assign-error"
            sx={{ whiteSpace: 'pre-line', fontWeight: 500 }}
          >
            {assign.error.message || t('worklist.assign.failed')}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {!changed ? (
          <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
            {t('worklist.assign.unchanged')}
          </Typography>
        ) : null}
        <Button onClick={onClose} disabled={assign.isPending}>
          {t('worklist.assign.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!changed || assign.isPending}
          startIcon={assign.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="assign-submit"
        >
          {t('worklist.assign.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
