import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { alpha, type Theme } from '@mui/material/styles';
import type { Exam } from '@rangsi/contract';
import { HEADER_HEIGHT } from '@/config/theme';
import type { WorklistActions } from '../hooks/use-worklist-dialogs';
import type { WorklistCapabilities } from '../lib/worklist-capabilities';
import { ICON_HEADER_COLUMNS, minimumTableWidth, type WorklistColumn } from '../lib/worklist-columns';
import { ColumnHeader } from './column-header';
import { WorklistRow } from './worklist-row';

interface WorklistTableProps {
  rows: readonly Exam[];
  columns: readonly WorklistColumn[];
  can: WorklistCapabilities;
  actions: WorklistActions;
  now: number;
  highlightedAccession: string;
  /** First load: placeholder rows instead of an empty table. */
  loading?: boolean;
  /** The header sticks under the app bar while the page scrolls (the main list only). */
  stickyHeader?: boolean;
  label: string;
  testId?: string;
}

/** The body's look, set once for the whole table instead of per cell (rows are plain tr/td, see WorklistRow). */
const bodySx = (theme: Theme) => ({
  '& tbody tr': { height: 36 },
  '& tbody tr:hover': { backgroundColor: theme.palette.action.hover },
  '& tbody td': {
    padding: '2px 6px',
    fontSize: '0.8125rem',
    lineHeight: 1.5,
    color: theme.palette.text.primary,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'middle',
    borderBottom: `1px solid ${theme.palette.divider}`,
  },
  // Icon buttons fill their narrow columns; an ellipsis there would only add a stray dot.
  '& tbody td[data-icon]': { padding: 0, textAlign: 'center', textOverflow: 'clip' },
  '& tbody td[data-align="right"]': { textAlign: 'right' },
  // Spec §2: overdue rows in red tones, with a red edge.
  '& tbody tr[data-overdue="true"]': { backgroundColor: alpha(theme.palette.status.overdue.soft, 0.55) },
  '& tbody tr[data-overdue="true"] > td:first-of-type': {
    boxShadow: `inset 3px 0 0 ${theme.palette.status.overdue.main}`,
  },
  // Spec §2: the URL hash's row.
  '& tbody tr[data-highlighted="true"]': {
    backgroundColor: alpha(theme.palette.primary.main, 0.12),
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: -2,
  },
  '& tbody tr[data-highlighted="true"] > td:first-of-type': {
    boxShadow: `inset 4px 0 0 ${theme.palette.primary.main}`,
  },
});

/**
 * The worklist table: fixed layout so the flexible columns truncate instead of pushing the table wider than
 * 1366×768 allows; below that (tablets) the table scrolls sideways inside its box.
 */
export function WorklistTable({
  rows,
  columns,
  can,
  actions,
  now,
  highlightedAccession,
  loading = false,
  stickyHeader = true,
  label,
  testId,
}: WorklistTableProps) {
  return (
    // Sticky cells stick to the nearest scrolling box: it must be the page, so this box only scrolls below lg.
    <Box sx={{ overflowX: { xs: 'auto', lg: 'visible' } }}>
      <Table
        size="small"
        aria-label={label}
        data-testid={testId}
        sx={(theme) => ({
          tableLayout: 'fixed',
          width: '100%',
          minWidth: minimumTableWidth(columns),
          borderCollapse: 'separate',
          ...bodySx(theme),
        })}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                align={column.align}
                scope="col"
                sx={{
                  px: 0.75,
                  py: 0.75,
                  fontSize: '0.78rem',
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  bgcolor: 'background.paper',
                  borderBottomColor: 'divider',
                  ...(stickyHeader && {
                    position: { lg: 'sticky' },
                    top: HEADER_HEIGHT,
                    zIndex: 2,
                    boxShadow: (theme) => `0 1px 0 ${theme.palette.divider}`,
                  }),
                  ...(ICON_HEADER_COLUMNS.has(column.id) && { px: 0, textOverflow: 'clip' }),
                }}
              >
                <ColumnHeader id={column.id} iconOnly={ICON_HEADER_COLUMNS.has(column.id)} />
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <tbody>
          {loading
            ? Array.from({ length: 8 }, (_, i) => (
                <tr key={i}>
                  {columns.map((column) => (
                    <td key={column.id}>
                      <Skeleton variant="text" width={column.width ? '70%' : '85%'} />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((exam) => (
                <WorklistRow
                  key={exam.examId}
                  exam={exam}
                  columns={columns}
                  can={can}
                  actions={actions}
                  now={now}
                  highlighted={highlightedAccession !== '' && exam.accessionNumber === highlightedAccession}
                />
              ))}
        </tbody>
      </Table>
    </Box>
  );
}
