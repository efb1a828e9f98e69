import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface FieldLabelProps {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
}

/** UI guide: labels sit above fields (not inside their border), Thai first, with a required mark; shared by every form. */
export function FieldLabel({ htmlFor, id, required = false, children }: FieldLabelProps) {
  return (
    <Box
      component="label"
      htmlFor={htmlFor}
      id={id}
      sx={{
        display: 'block',
        mb: 0.25,
        fontSize: '0.78rem',
        fontWeight: 600,
        color: 'text.secondary',
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      }}
    >
      {children}
      {required ? (
        <Box component="span" aria-hidden sx={{ color: 'error.main', ml: 0.25 }}>
          *
        </Box>
      ) : null}
    </Box>
  );
}
