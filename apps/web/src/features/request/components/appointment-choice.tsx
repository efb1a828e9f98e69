import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TimeField } from '@/components/time-field';
import type { RequestDraft } from '../lib/request-draft';

/** Spec §5: the appointment time steps by 10 minutes. */
const APPOINTMENT_STEP = 10;

type Appointment = Pick<RequestDraft, 'isSchedule' | 'scheduleDay' | 'scheduleTime'>;

/** Now or a set date (spec §2): the day and the time show only for a set date. */
export function AppointmentChoice({
  value,
  onChange,
}: {
  value: Appointment;
  onChange: (patch: Partial<Appointment>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ gridColumn: 'span 2', display: 'flex', gap: 1, alignItems: 'center' }}>
      <RadioGroup
        row
        value={value.isSchedule ? 'schedule' : 'now'}
        onChange={(e) => onChange({ isSchedule: e.target.value === 'schedule' })}
        aria-label={t('request.form.appointment')}
      >
        <FormControlLabel value="now" control={<Radio size="small" />} label={t('request.form.now')} />
        <FormControlLabel
          value="schedule"
          control={<Radio size="small" />}
          label={t('request.form.schedule')}
          data-testid="appointment-schedule"
        />
      </RadioGroup>
      {value.isSchedule ? (
        <>
          <TextField
            size="small"
            label={t('request.form.scheduleAt')}
            value={value.scheduleDay}
            onChange={(e) => onChange({ scheduleDay: e.target.value })}
            placeholder={t('app.datePlaceholder')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-day' } }}
            sx={{ width: 140 }}
          />
          <TimeField
            label={t('request.form.scheduleTime')}
            value={value.scheduleTime}
            step={APPOINTMENT_STEP}
            onChange={(scheduleTime) => onChange({ scheduleTime })}
            testId="schedule-time"
            width={120}
          />
        </>
      ) : null}
    </Box>
  );
}
