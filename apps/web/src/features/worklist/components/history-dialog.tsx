import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Exam } from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import { useRelatedExams } from '../api/get-related-exams';
import { AccessionChip } from './accession-chip';
import { ExamCell } from './exam-cell';
import { ExamDialogTitle } from './exam-dialog-title';
import { logLineText } from '../lib/exam-log';
import { StatusChip } from './status-chip';

interface HistoryDialogProps {
  exam: Exam;
  /** MENU_PACS: related accessions link to /pacs#{accession}. */
  pacsLink: boolean;
  onClose: () => void;
}

/** Spec §2 History: the patient's related exams (GET relate), and this exam's own activity log. */
export function HistoryDialog({ exam, pacsLink, onClose }: HistoryDialogProps) {
  const { t } = useTranslation();
  const related = useRelatedExams(exam.examId);
  const [tab, setTab] = useState<'related' | 'log'>('related');
  const titleId = 'history-dialog-title';
  const logLines = exam.log
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => logLineText(line, (action) => t(`worklist.history.event.${action}`)));

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId} data-testid="history-dialog">
      <ExamDialogTitle
        id={titleId}
        title={t('worklist.history.title')}
        subtitle={t('worklist.documents.subtitle', {
          accession: exam.accessionNumber ?? '—',
          patient: exam.patientName,
        })}
        onClose={onClose}
      />
      <Tabs
        value={tab}
        onChange={(_, value: 'related' | 'log') => setTab(value)}
        sx={{ px: 3, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        <Tab value="related" label={t('worklist.history.related')} />
        <Tab value="log" label={t('worklist.history.log')} />
      </Tabs>
      <DialogContent dividers sx={{ minHeight: 240 }}>
        {tab === 'related' ? (
          <>
            {related.isPending ? [0, 1, 2].map((i) => <Skeleton key={i} height={36} />) : null}
            {related.isSuccess && related.data.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                {t('worklist.history.noRelated')}
              </Typography>
            ) : null}
            {related.isSuccess && related.data.length > 0 ? (
              <Table size="small" sx={{ tableLayout: 'fixed', '& td, & th': { px: 1 } }} data-testid="history-related">
                <colgroup>
                  <col style={{ width: 130 }} />
                  <col style={{ width: 136 }} />
                  <col />
                  <col style={{ width: 112 }} />
                  <col style={{ width: 160 }} />
                </colgroup>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('worklist.column.examDate')}</TableCell>
                    <TableCell>{t('worklist.column.accession')}</TableCell>
                    <TableCell>{t('worklist.column.exam')}</TableCell>
                    <TableCell>{t('worklist.column.status')}</TableCell>
                    <TableCell>{t('worklist.column.doctor')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {related.data.map((r) => (
                    // Following an accession link moves the list to that row; the dialog gets out of the way.
                    <TableRow key={r.examId} onClick={pacsLink ? onClose : undefined}>
                      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {formatDateTime(r.examDate)}
                      </TableCell>
                      <TableCell>
                        <AccessionChip accession={r.accessionNumber} linked={pacsLink} />
                      </TableCell>
                      <TableCell sx={{ overflow: 'hidden' }}>
                        <ExamCell modality={r.modality} description={r.description} />
                      </TableCell>
                      <TableCell>
                        <StatusChip status={r.status} reviewerName={r.reviewerName} />
                      </TableCell>
                      <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {r.reviewerName ?? '–'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
          </>
        ) : (
          <Box
            component="ol"
            data-testid="history-log"
            sx={{ m: 0, pl: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.5 }}
          >
            {logLines.length === 0 ? (
              <Typography component="li" variant="body2" color="text.secondary">
                {t('worklist.history.noLog')}
              </Typography>
            ) : (
              logLines.map((line, i) => (
                <Typography
                  key={i}
                  component="li"
                  variant="body2"
                  sx={{ fontVariantNumeric: 'tabular-nums', borderBottom: 1, borderColor: 'divider', pb: 0.5 }}
                >
                  {line}
                </Typography>
              ))
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('worklist.history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
