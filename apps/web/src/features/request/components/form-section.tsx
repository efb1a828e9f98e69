import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One bordered block of the request form, with an optional heading. */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      {title ? (
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}
