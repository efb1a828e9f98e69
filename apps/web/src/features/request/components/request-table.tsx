import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RequestRow } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@/lib/format-date';
import { RequestRowIcons } from './request-row-icons';

interface Props {
  rows: RequestRow[];
  can: (p: string) => boolean;
  showHn: boolean;
  showApproval: boolean;
  selectable: boolean;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onExport: (row: RequestRow) => void;
  onDecide: (row: RequestRow, decision: 'approve' | 'reject') => void;
  deciding: boolean;
}

/** The request list (spec §2): accession chips to /pacs#{accession}; Hold rows dimmed with an orange left border (spec §4). */
export function RequestTable({
  rows,
  can,
  showHn,
  showApproval,
  selectable,
  selected,
  onToggle,
  onToggleAll,
  onExport,
  onDecide,
  deciding,
}: Props) {
  const { t } = useTranslation();
  const all = rows.length > 0 && rows.every((r) => selected.has(r.requestId));
  const some = rows.some((r) => selected.has(r.requestId));
  return (
    <Table size="small" stickyHeader aria-label={t('request.list.table')} data-testid="request-table">
      <TableHead>
        <TableRow>
          {selectable ? (
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={all}
                indeterminate={some && !all}
                onChange={onToggleAll}
                slotProps={{
                  input: { 'aria-label': t('request.list.selectAll'), 'data-testid': 'request-select-all' } as object,
                }}
              />
            </TableCell>
          ) : null}
          <TableCell>{t('request.list.appointment')}</TableCell>
          {showHn ? <TableCell>HN</TableCell> : null}
          <TableCell>{t('request.list.patient')}</TableCell>
          <TableCell>{t('request.list.exams')}</TableCell>
          <TableCell>{t('request.list.status')}</TableCell>
          {showApproval ? <TableCell>{t('request.list.customPrice')}</TableCell> : null}
          <TableCell align="right">{t('request.list.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => {
          const hold = r.status === 'Hold';
          return (
            <TableRow
              key={r.requestId}
              hover
              data-testid="request-row"
              data-request-id={r.requestId}
              data-status={r.status}
              sx={
                hold
                  ? { opacity: 0.5, '& > td:first-of-type': { borderLeft: 4, borderLeftColor: 'warning.main' } }
                  : undefined
              }
            >
              {selectable ? (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={selected.has(r.requestId)}
                    onChange={() => onToggle(r.requestId)}
                    slotProps={{
                      input: {
                        'aria-label': t('request.list.select', { name: r.patientName }),
                        'data-testid': 'request-select',
                      } as object,
                    }}
                  />
                </TableCell>
              ) : null}
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatDateTime(r.appointmentDate)}
              </TableCell>
              {showHn ? <TableCell>{r.hn}</TableCell> : null}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.patientName}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {r.exams.map((e) => (
                    <Chip
                      key={e.examId}
                      size="small"
                      variant="outlined"
                      label={`${e.modalityCode} ${e.accessionNumber ?? ''}`}
                      data-testid="request-accession"
                      {...(can('MENU_PACS') && e.accessionNumber
                        ? { component: RouterLink, to: `/pacs#${e.accessionNumber}`, clickable: true }
                        : {})}
                    />
                  ))}
                </Box>
              </TableCell>
              <TableCell>
                {hold ? (
                  <Box>
                    <Chip size="small" color="warning" label={t('request.list.hold')} />
                    <Typography variant="caption" sx={{ display: 'block' }} data-testid="request-status-remark">
                      {r.statusRemark}
                    </Typography>
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('request.list.active')}
                  </Typography>
                )}
              </TableCell>
              {showApproval ? (
                <TableCell>
                  {hold && r.customPriceStatus === 'Pending' && r.customPriceId !== null ? (
                    <Box sx={{ display: 'flex', gap: 0.5 }}>
                      <Button
                        size="small"
                        variant="contained"
                        color="success"
                        disabled={deciding}
                        onClick={() => onDecide(r, 'approve')}
                        data-testid="custom-price-approve"
                      >
                        {t('request.list.approve')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        disabled={deciding}
                        onClick={() => onDecide(r, 'reject')}
                        data-testid="custom-price-reject"
                      >
                        {t('request.list.reject')}
                      </Button>
                    </Box>
                  ) : r.customPriceStatus ? (
                    <Typography variant="caption">
                      {t(`request.list.custom${r.customPriceStatus}`, { defaultValue: r.customPriceStatus })}
                    </Typography>
                  ) : null}
                </TableCell>
              ) : null}
              <TableCell align="right">
                <RequestRowIcons row={r} can={can} onExport={onExport} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
