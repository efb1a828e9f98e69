import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { timeOptions, type RequestDraft } from '../lib/request-draft';

/** Spec §5: the appointment time steps by 10 minutes. */
const APPOINTMENT_TIMES = timeOptions(10);

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
          <TextField
            select
            size="small"
            value={value.scheduleTime}
            onChange={(e) => onChange({ scheduleTime: e.target.value })}
            sx={{ width: 100 }}
            slotProps={{ htmlInput: { 'data-testid': 'schedule-time' } }}
          >
            {APPOINTMENT_TIMES.map((o) => (
              <MenuItem key={o} value={o}>
                {o}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : null}
    </Box>
  );
}
