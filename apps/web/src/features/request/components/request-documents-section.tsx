import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RequestDetail } from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadRequestDocument } from '../api/upload-request-document';

const ACCEPT = '.jpg,.jpeg,.png,.tiff,.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.txt';

/** /request/upload/{id}: the request's documents per modality and type, and an upload (spec §2, §5 Upload). */
export function RequestDocumentsSection({
  detail,
  types,
}: {
  detail: RequestDetail;
  types: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const upload = useUploadRequestDocument(detail.requestId);
  const [typeId, setTypeId] = useState('');
  const [modality, setModality] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState(false);
  const [progress, setProgress] = useState(0);
  // A new key empties the file field after an upload (a file input cannot be cleared by its value).
  const [inputKey, setInputKey] = useState(0);
  const modalities = [...new Set(detail.exams.map((e) => e.modalityCode))];
  const submit = () => {
    if (!file) {
      setFileError(true);
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, documentTypeId: typeId ? Number(typeId) : null, modalityCode: modality || null, onProgress: setProgress },
      {
        onSuccess: () => {
          setFile(null);
          setInputKey((k) => k + 1);
        },
      },
    );
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="request-documents">
      {detail.documents.length === 0 ? (
        <Typography color="text.secondary">{t('request.form.noDocuments')}</Typography>
      ) : (
        <Table size="small">
          <TableBody>
            {detail.documents.map((d) => (
              <TableRow key={d.documentId} data-testid="request-document-row">
                <TableCell sx={{ width: 80 }}>{d.modalityCode ?? '—'}</TableCell>
                <TableCell>{types.find((x) => x.id === d.documentTypeId)?.name ?? '—'}</TableCell>
                <TableCell>{d.fileName}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 120px 2fr auto', gap: 1.25, alignItems: 'start' }}>
        <TextField
          select
          size="small"
          label={t('request.form.documentType')}
          value={typeId}
          onChange={(e) => setTypeId(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        >
          <MenuItem value="">—</MenuItem>
          {types.map((x) => (
            <MenuItem key={x.id} value={String(x.id)}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Modality"
          value={modality}
          onChange={(e) => setModality(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        >
          <MenuItem value="">—</MenuItem>
          {modalities.map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          key={inputKey}
          size="small"
          type="file"
          error={fileError}
          helperText={fileError ? 'Please select file.' : undefined}
          onChange={(e) => {
            setFile((e.target as HTMLInputElement).files?.[0] ?? null);
            setFileError(false);
          }}
          slotProps={{
            htmlInput: {
              accept: ACCEPT,
              'data-testid': 'request-document-file',
              'aria-label': t('request.form.documents'),
            },
          }}
        />
        <Button
          variant="contained"
          startIcon={<UploadFileRounded />}
          onClick={submit}
          disabled={upload.isPending}
          data-testid="request-document-upload"
        >
          {t('request.form.upload')}
        </Button>
      </Box>
      {upload.isPending ? (
        <Box data-testid="request-document-progress">
          <LinearProgress variant={progress > 0 ? 'determinate' : 'indeterminate'} value={progress} />
          <Typography variant="caption" color="text.secondary">
            {t('request.form.uploading', { percent: progress })}
          </Typography>
        </Box>
      ) : null}
      {upload.error ? <Alert severity="error">{upload.error.message}</Alert> : null}
    </Box>
  );
}
