import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { KeyboardEvent, Ref } from 'react';
import { acceptAmountTyping } from '../lib/money-input';

interface AmountFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  readOnly?: boolean;
  /** Read by screen readers when no visible label sits above (a table cell). */
  ariaLabel?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

/**
 * Baht typed with at most 2 decimals (a third decimal or a letter is simply not taken), right-aligned in tabular
 * figures as money is shown (UI guide), with บาท after it.
 */
export function AmountField({
  id,
  value,
  onChange,
  error,
  readOnly = false,
  ariaLabel,
  onKeyDown,
  inputRef,
  testId,
}: AmountFieldProps) {
  return (
    <TextField
      id={id}
      size="small"
      fullWidth
      value={value}
      onChange={(e) => {
        const next = acceptAmountTyping(e.target.value);
        if (next !== null) onChange(next);
      }}
      error={Boolean(error)}
      helperText={error ?? undefined}
      autoComplete="off"
      slotProps={{
        htmlInput: {
          inputMode: 'decimal',
          readOnly,
          maxLength: 16,
          'aria-label': ariaLabel,
          'aria-invalid': Boolean(error),
          'data-testid': testId,
          onKeyDown,
          ref: inputRef,
          style: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
        },
        input: {
          readOnly,
          sx: readOnly ? { bgcolor: 'action.hover' } : undefined,
          endAdornment: <InputAdornment position="end">บาท</InputAdornment>,
        },
        formHelperText: { sx: { mx: 0 }, ...(error && testId ? { 'data-testid': `${testId}-error` } : {}) } as object,
      }}
    />
  );
}
