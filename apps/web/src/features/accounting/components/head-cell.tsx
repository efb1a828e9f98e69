import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';

/** A column heading: the Thai word, the spec's English under it in small grey, so the tables fit 1366 px. */
export function HeadCell({ th, en, right = false }: { th: string; en: string; right?: boolean }) {
  return (
    <TableCell align={right ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap', lineHeight: 1.3, verticalAlign: 'bottom' }}>
      {th}
      <Box component="span" sx={{ display: 'block', fontSize: '0.72rem', fontWeight: 400, color: 'text.secondary' }}>
        {en}
      </Box>
    </TableCell>
  );
}
