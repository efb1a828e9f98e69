import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Exam } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import { useExamDocuments } from '../api/list-exam-documents';
import type { ExamUploadKind } from '../lib/document-types';
import { examDocumentUrl } from '../lib/exam-links';
import { DocumentUploadForm } from './document-upload-form';
import { ExamDialogTitle } from './exam-dialog-title';

interface DocumentsDialogProps {
  exam: Exam;
  kind: ExamUploadKind;
  /** EXAM_DOCUMENT_WRITE. */
  canUpload: boolean;
  onClose: () => void;
}

/** Spec §2 Documents / Files dialog: the list (upload dates dd-MM-yyyy HH:mm), each opening in a window, and upload. */
export function DocumentsDialog({ exam, kind, canUpload, onClose }: DocumentsDialogProps) {
  const { t } = useTranslation();
  const list = useExamDocuments(exam.examId, kind);
  const titleId = 'documents-dialog-title';

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-testid="documents-dialog"
      data-kind={kind}
    >
      <ExamDialogTitle
        id={titleId}
        title={t(kind === 'document' ? 'worklist.documents.titleDocument' : 'worklist.documents.titleFile')}
        subtitle={t('worklist.documents.subtitle', {
          accession: exam.accessionNumber ?? '—',
          patient: exam.patientName,
        })}
        onClose={onClose}
      />
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <Table size="small" aria-labelledby={titleId} sx={{ tableLayout: 'fixed' }}>
          <colgroup>
            <col />
            <col style={{ width: 200 }} />
            <col style={{ width: 150 }} />
          </colgroup>
          <TableHead>
            <TableRow>
              <TableCell>{t('worklist.documents.fileName')}</TableCell>
              <TableCell>{t('worklist.documents.uploadBy')}</TableCell>
              <TableCell>{t('worklist.documents.uploadDate')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody data-testid="documents-list">
            {list.isPending
              ? [0, 1].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={3}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : null}
            {list.isSuccess && list.data.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3}>
                  <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                    {t(kind === 'document' ? 'worklist.documents.empty' : 'worklist.documents.emptyFile')}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
            {list.data?.map((doc) => (
              <TableRow key={doc.documentId} data-testid="document-row">
                <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  <Link
                    component="button"
                    type="button"
                    onClick={() => window.open(examDocumentUrl(exam.examId, doc.documentId), '_blank', 'noopener')}
                    aria-label={t('worklist.documents.open', { fileName: doc.fileName })}
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%', textAlign: 'left' }}
                  >
                    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {doc.fileName}
                    </Box>
                    <OpenInNewRounded sx={{ fontSize: 14, flexShrink: 0 }} />
                  </Link>
                </TableCell>
                <TableCell sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {doc.uploadBy}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="document-date">
                  {formatDateTime(doc.uploadDate)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {canUpload ? <DocumentUploadForm examId={exam.examId} kind={kind} /> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('worklist.documents.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
