import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from '../../../components/field-label';
import { displayToIsoDay, isoDayToDisplay } from '../lib/report-form';

interface ReportDateFieldProps {
  id: string;
  label: string;
  /** dd-MM-yyyy as typed. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}

/**
 * A day typed and shown as dd-MM-yyyy (spec §9) whatever the browser's locale, with the browser's calendar behind the
 * icon — the worklist's date field, as the report forms use it.
 */
export function ReportDateField({ id, label, value, onChange, error, required = false }: ReportDateFieldProps) {
  const { t } = useTranslation();
  const pickerRef = useRef<HTMLInputElement>(null);

  const openPicker = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    picker.value = displayToIsoDay(value) ?? '';
    try {
      picker.showPicker();
    } catch {
      picker.focus();
    }
  };

  return (
    <Box sx={{ position: 'relative', minWidth: 0 }}>
      <FieldLabel htmlFor={id} required={required}>{label}</FieldLabel>
      <TextField
        id={id}
        size="small"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          const iso = displayToIsoDay(value);
          if (iso && isoDayToDisplay(iso) !== value) onChange(isoDayToDisplay(iso));
        }}
        placeholder={t('reportViewer.datePlaceholder')}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        autoComplete="off"
        slotProps={{
          htmlInput: { inputMode: 'numeric', 'aria-invalid': Boolean(error), maxLength: 10, 'data-testid': `${id}-input` },
          formHelperText: { sx: { mx: 0, whiteSpace: 'nowrap' } },
          input: {
            sx: { pr: 0.5, fontVariantNumeric: 'tabular-nums' },
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={t('reportViewer.openCalendar')} onClick={openPicker} edge="end" sx={{ p: 0.5 }}>
                  <CalendarMonthRounded fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Box
        component="input"
        ref={pickerRef}
        type="date"
        tabIndex={-1}
        aria-hidden
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          if (event.target.value) onChange(isoDayToDisplay(event.target.value));
        }}
        sx={{ position: 'absolute', left: 0, bottom: 0, width: '100%', height: 0, opacity: 0, border: 0, p: 0, pointerEvents: 'none' }}
      />
    </Box>
  );
}
