import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A message in place of the image (a file the codecs cannot decode, a refused link); the toolbar keeps working. */
export function ViewportMessage({ text, testId }: { text: string; testId?: string }) {
  return (
    <Box
      role="alert"
      data-testid={testId}
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'common.black',
        p: 3,
      }}
    >
      <Typography sx={{ color: 'warning.light', textAlign: 'center', maxWidth: 480 }}>{text}</Typography>
    </Box>
  );
}
