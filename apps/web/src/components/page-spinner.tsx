import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface PageSpinnerProps {
  label?: string;
  /** Fill the whole viewport (before the shell exists) instead of the content area. */
  fullScreen?: boolean;
}

export function PageSpinner({ label, fullScreen = false }: PageSpinnerProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="page-spinner"
      sx={{
        minHeight: fullScreen ? '100vh' : 320,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress size={32} />
      {label ? (
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
      ) : null}
    </Box>
  );
}
