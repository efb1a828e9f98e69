import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { FieldLabel } from '@/components/field-label';

interface FormTextProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  type?: string;
  placeholder?: string;
  helperText?: string;
  autoComplete?: string;
  onBlur?: () => void;
  endAdornment?: ReactNode;
}

/** A text input with its label above and the spec's message under it in red (UI guide: forms). */
export function FormText({
  id,
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  maxLength = 100,
  inputMode,
  type,
  placeholder,
  helperText,
  autoComplete = 'off',
  onBlur,
  endAdornment,
}: FormTextProps) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <TextField
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        error={Boolean(error)}
        helperText={error ?? helperText}
        disabled={disabled}
        type={type}
        placeholder={placeholder}
        fullWidth
        autoComplete={autoComplete}
        slotProps={{
          htmlInput: { maxLength, inputMode, 'aria-invalid': Boolean(error), 'aria-required': required || undefined },
          formHelperText: { sx: { mx: 0 }, ...(error ? { 'data-testid': `${id}-error` } : {}) } as object,
          input: endAdornment ? { endAdornment } : undefined,
        }}
      />
    </Box>
  );
}
