import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import AssignmentIndRounded from '@mui/icons-material/AssignmentIndRounded';
import DescriptionRounded from '@mui/icons-material/DescriptionRounded';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import ImageRounded from '@mui/icons-material/ImageRounded';
import LabelRounded from '@mui/icons-material/LabelRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PatientExamHistoryRow } from '@rangsi/contract';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@/lib/format-date';
import { usePatientExams } from '../api/get-patient-exams';
import { billingOf, ExamStatusFlag, hasFlag, historyLinks, type HistoryCapabilities } from '../lib/exam-history-links';
import { WeasisLaunchButton } from './weasis-launch-button';

interface ExamHistoryTabProps {
  patientId: string;
  can: HistoryCapabilities;
}

/** Tab 5, exam history (spec §2): the patient's requests and their exams, linked where the user's permissions allow (§6). */
export function ExamHistoryTab({ patientId, can }: ExamHistoryTabProps) {
  const { t } = useTranslation();
  const history = usePatientExams(patientId, true);

  if (history.isPending) {
    return (
      <Box sx={{ p: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Box>
    );
  }
  if (history.isError)
    return (
      <Typography color="error" sx={{ p: 2 }}>
        {history.error.message || t('error.generic')}
      </Typography>
    );
  if (history.data.length === 0) {
    return (
      <Box sx={{ py: 4, textAlign: 'center' }} data-testid="exam-history-empty">
        <Typography variant="subtitle1">{t('patient.history.empty')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('patient.history.emptyHint')}
        </Typography>
      </Box>
    );
  }
  return (
    <Table
      size="small"
      aria-label={t('patient.history.title')}
      data-testid="exam-history-table"
      sx={{ tableLayout: 'fixed' }}
    >
      <colgroup>
        <col style={{ width: 140 }} />
        <col style={{ width: 160 }} />
        <col />
        <col style={{ width: 150 }} />
        {/* Upload, edit, invoice, sticker and billing: five icons. */}
        <col style={{ width: 190 }} />
      </colgroup>
      <TableHead>
        <TableRow>
          <TableCell>{t('patient.history.appointmentDate')}</TableCell>
          <TableCell>{t('patient.history.branch')}</TableCell>
          <TableCell>{t('patient.history.exams')}</TableCell>
          <TableCell>{t('patient.history.status')}</TableCell>
          <TableCell align="right">{t('patient.history.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.data.map((row) => (
          <HistoryRow key={row.requestId} row={row} can={can} />
        ))}
      </TableBody>
    </Table>
  );
}

function HistoryRow({ row, can }: { row: PatientExamHistoryRow; can: HistoryCapabilities }) {
  const { t } = useTranslation();
  const hold = row.status === 'Hold';
  const invoiceBlocked = !row.allowToClickInvoice || hold;
  const billingId = billingOf(row);
  const action = (title: string, icon: ReactElement, to: string | null, newWindow = false) => (
    <Tooltip title={title}>
      <span>
        {to === null ? (
          <IconButton aria-label={title} disabled>
            {icon}
          </IconButton>
        ) : newWindow ? (
          <IconButton aria-label={title} component="a" href={to} target="_blank" rel="noopener">
            {icon}
          </IconButton>
        ) : (
          <IconButton aria-label={title} component={RouterLink} to={to}>
            {icon}
          </IconButton>
        )}
      </span>
    </Tooltip>
  );

  return (
    <TableRow
      data-testid="exam-history-row"
      sx={{
        verticalAlign: 'top',
        // Spec §4 Request status Hold: half opacity with an orange left border.
        ...(hold && { opacity: 0.5, '& > td:first-of-type': { borderLeft: 4, borderLeftColor: 'status.hold.main' } }),
      }}
    >
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.appointmentDate)}</TableCell>
      <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {row.branchName}
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {row.exams.map((exam) => {
            const label = `${exam.modalityCode}${can.accession && exam.accessionNumber ? ` · ${exam.accessionNumber}` : ''}`;
            return (
              <Box key={exam.examId} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                {can.pacsLink && exam.accessionNumber ? (
                  <Chip
                    size="small"
                    label={label}
                    clickable
                    component={RouterLink}
                    to={historyLinks.pacs(exam.accessionNumber)}
                    variant="outlined"
                    color="primary"
                  />
                ) : (
                  <Chip size="small" label={label} variant="outlined" />
                )}
                {can.viewer && hasFlag(exam, ExamStatusFlag.Image)
                  ? action(
                      t('patient.history.openViewer'),
                      <ImageRounded fontSize="small" />,
                      historyLinks.viewer(exam),
                      true,
                    )
                  : null}
                {can.dicomLaunch && hasFlag(exam, ExamStatusFlag.Image) ? (
                  <WeasisLaunchButton examId={exam.examId} />
                ) : null}
                {can.report && hasFlag(exam, ExamStatusFlag.Report)
                  ? action(
                      t('patient.history.openReport'),
                      <DescriptionRounded fontSize="small" />,
                      historyLinks.report(exam),
                      true,
                    )
                  : null}
                {hasFlag(exam, ExamStatusFlag.Assigned) ? (
                  <Tooltip title={t('patient.history.assigned')}>
                    <AssignmentIndRounded fontSize="small" color="action" aria-label={t('patient.history.assigned')} />
                  </Tooltip>
                ) : null}
              </Box>
            );
          })}
        </Box>
      </TableCell>
      <TableCell>
        <Typography variant="body2">
          {row.status === 'Hold' ? t('request.list.hold') : t('request.list.active')}
        </Typography>
        {row.statusRemark ? (
          <Typography variant="caption" color="text.secondary">
            {row.statusRemark}
          </Typography>
        ) : null}
        {can.documentsMark && row.missingDocumentNames.length > 0 ? (
          <Tooltip title={`${t('patient.history.missingDocuments')}: ${row.missingDocumentNames.join(', ')}`}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'warning.main' }}>
              <WarningAmberRounded fontSize="small" />
              <Typography variant="caption">
                {t('patient.history.missingCount', { count: row.missingDocumentNames.length })}
              </Typography>
            </Box>
          </Tooltip>
        ) : null}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {can.upload
          ? action(
              t('patient.history.upload'),
              <UploadFileRounded fontSize="small" />,
              historyLinks.upload(row.requestId),
            )
          : null}
        {can.edit
          ? action(t('patient.history.edit'), <EditNoteRounded fontSize="small" />, historyLinks.edit(row.requestId))
          : null}
        {can.invoice
          ? action(
              invoiceBlocked ? t('patient.history.invoiceBlocked') : t('patient.history.invoice'),
              <ReceiptLongRounded fontSize="small" />,
              invoiceBlocked ? null : historyLinks.invoice(row.requestId),
              true,
            )
          : null}
        {can.invoice
          ? action(
              t('patient.history.sticker'),
              <LabelRounded fontSize="small" />,
              invoiceBlocked ? null : historyLinks.sticker(row.requestId),
              true,
            )
          : null}
        {can.billing && billingId
          ? action(
              t('patient.history.billing', {
                documentId: billingId === row.latestBillingId ? (row.latestBillingDocumentId ?? '') : '',
              }).trim(),
              <AccountBalanceWalletRounded fontSize="small" />,
              historyLinks.billing(billingId),
              true,
            )
          : null}
      </TableCell>
    </TableRow>
  );
}
