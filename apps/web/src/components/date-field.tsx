import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef, type ChangeEvent } from 'react';
import { displayToIsoDay, isoDayToDisplay, tidyTypedDay } from '@/lib/typed-day';
import { FieldLabel } from './field-label';

export interface DateFieldProps {
  id: string;
  label: string;
  /** dd-MM-yyyy as typed. */
  value: string;
  onChange: (value: string) => void;
  /** The field's own words (the screens word them differently): its empty-field hint and its calendar button. */
  placeholder: string;
  calendarLabel: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** The latest day the calendar offers, yyyy-MM-dd (a birth date: today). */
  maxDay?: string;
  size?: 'small' | 'medium';
  /** A long message wraps under the field instead of staying on one line (wide forms). */
  errorWraps?: boolean;
}

/**
 * A date typed and shown as dd-MM-yyyy (spec §9) whatever the browser's locale, with the browser's own calendar
 * behind the icon. A native date input alone would show the workstation's format (and a Buddhist year on some),
 * and a date-picker library would cost more than a whole screen. What was typed is tidied on leaving the field.
 * Test ids: `{id}-input` on the input, `{id}-error` on the message.
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  placeholder,
  calendarLabel,
  error,
  required = false,
  disabled = false,
  maxDay,
  size,
  errorWraps = false,
}: DateFieldProps) {
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
        size={size}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          const tidy = tidyTypedDay(value);
          if (tidy) onChange(tidy);
        }}
        placeholder={placeholder}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        autoComplete="off"
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            'aria-invalid': Boolean(error),
            maxLength: 10,
            'data-testid': `${id}-input`,
          },
          formHelperText: {
            sx: { mx: 0, ...(errorWraps ? {} : { whiteSpace: 'nowrap' }) },
            ...(error ? { 'data-testid': `${id}-error` } : {}),
          } as object,
          input: {
            sx: { pr: 0.5, fontVariantNumeric: 'tabular-nums' },
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={calendarLabel}
                  onClick={openPicker}
                  edge="end"
                  sx={{ p: 0.5 }}
                  disabled={disabled}
                >
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
        {...(maxDay ? { max: maxDay } : {})}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          if (event.target.value) onChange(isoDayToDisplay(event.target.value));
        }}
        sx={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          width: '100%',
          height: 0,
          opacity: 0,
          border: 0,
          p: 0,
          pointerEvents: 'none',
        }}
      />
    </Box>
  );
}
