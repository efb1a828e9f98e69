import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';

/** A column head, Thai above and the spec's English under it in small print: narrow columns without sideways scroll. */
export function HeadCell({ th, en, ...rest }: { th: string; en?: string } & Omit<TableCellProps, 'children'>) {
  return (
    <TableCell {...rest} sx={{ lineHeight: 1.3, py: 0.5, ...rest.sx }}>
      {th}
      {en ? (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', lineHeight: 1.2, fontWeight: 400 }}
        >
          {en}
        </Typography>
      ) : null}
    </TableCell>
  );
}
