import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled group of fields on a 12-column grid. */
export function FormSection({
  title,
  children,
  action,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Box component="section" sx={{ mb: 2 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.75, minHeight: 28 }}>
        <Typography variant="subtitle2" component="h3" color="primary.dark">
          {title}
        </Typography>
        <Box sx={{ flex: 1, borderBottom: 1, borderColor: 'divider' }} />
        {action}
      </Box>
      <FieldGrid>{children}</FieldGrid>
    </Box>
  );
}

export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', columnGap: 1.5, rowGap: 1 }}>
      {children}
    </Box>
  );
}

/** A cell spanning `span` of 12 columns (6 below md). */
export function Cell({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Box sx={{ gridColumn: { xs: `span ${Math.min(12, span * 2)}`, md: `span ${span}` }, minWidth: 0 }}>{children}</Box>
  );
}
