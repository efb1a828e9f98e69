import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { displayToIsoDay, isoDayToDisplay } from '../lib/bangkok-day';
import { FieldLabel } from '../../../components/field-label';

interface DateFieldProps {
  id: string;
  label: string;
  /** dd-MM-yyyy as typed. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}

/**
 * A date typed and shown as dd-MM-yyyy (spec §9) whatever the browser's locale, with the browser's own calendar
 * behind the icon. A native date input alone would show the workstation's format (and a Buddhist year on some),
 * and a date-picker library would cost more than the whole worklist.
 */
export function DateField({ id, label, value, onChange, error, required = false }: DateFieldProps) {
  const { t } = useTranslation();
  const pickerRef = useRef<HTMLInputElement>(null);

  const openPicker = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    picker.value = displayToIsoDay(value) ?? '';
    try {
      picker.showPicker();
    } catch {
      // Browsers without showPicker (or refusing it) still have the typed field.
      picker.focus();
    }
  };

  return (
    <Box sx={{ position: 'relative', minWidth: 0 }}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <TextField
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          // Tidy what was typed (2/3/2026, 02032569) into the display form once it reads as a real day.
          const iso = displayToIsoDay(value);
          // Only when the tidy form reads back as the same day (a far-future year is not a Buddhist-era one twice).
          if (iso && isoDayToDisplay(iso) !== value && displayToIsoDay(isoDayToDisplay(iso)) === iso) onChange(isoDayToDisplay(iso));
        }}
        placeholder={t('worklist.search.datePlaceholder')}
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
                <IconButton aria-label={t('worklist.search.openCalendar')} onClick={openPicker} edge="end" sx={{ p: 0.5 }}>
                  <CalendarMonthRounded fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {/* The browser's calendar, anchored under the field; only its popup is ever seen. */}
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
