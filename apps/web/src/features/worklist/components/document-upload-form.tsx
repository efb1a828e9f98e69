import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadExamDocument } from '../api/upload-exam-document';
import { announceSuccess } from '../hooks/use-success-snackbar';
import { DOCUMENT_EXTENSIONS } from '../lib/constants';
import { acceptAttribute, isAcceptedUpload, previewFileName, type ExamUploadKind } from '../lib/document-types';
import { FieldLabel } from '@/components/field-label';

interface DocumentUploadFormProps {
  examId: string;
  kind: ExamUploadKind;
}

/**
 * Spec §5 upload: a file must be chosen ("Please select file."), documents only of the accepted types (checked
 * here and by the server), an optional name that replaces the base name and keeps the extension; failures show
 * in red under the file field with the server's message or "Unable to upload document, please try again later!".
 */
export function DocumentUploadForm({ examId, kind }: DocumentUploadFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [prefix, setPrefix] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadExamDocument();
  const types = DOCUMENT_EXTENSIONS.join(', ');

  const choose = (chosen: File | null) => {
    setFile(chosen);
    upload.reset();
    setFileError(chosen && !isAcceptedUpload(kind, chosen.name) ? t('worklist.documents.badType', { types }) : null);
  };

  const submit = () => {
    if (!file) {
      setFileError(t('worklist.documents.selectFile'));
      inputRef.current?.focus();
      return;
    }
    if (!isAcceptedUpload(kind, file.name)) {
      setFileError(t('worklist.documents.badType', { types }));
      return;
    }
    setProgress(0);
    upload.mutate(
      { examId, kind, file, fileName: prefix, onProgress: setProgress },
      {
        onSuccess: ({ document }) => {
          announceSuccess(t('worklist.done.upload', { fileName: document.fileName }));
          setFile(null);
          setPrefix('');
          if (inputRef.current) inputRef.current.value = '';
        },
        onError: (error) => setFileError(error.message || t('worklist.documents.uploadFailed')),
      },
    );
  };

  const error = fileError;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="document-upload"
      sx={(theme) => ({
        p: 1.5,
        borderRadius: 1,
        bgcolor: theme.palette.illustration.tint,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.25,
      })}
    >
      <Typography variant="subtitle2" component="h3">
        {t('worklist.documents.uploadTitle')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
          gap: 1.5,
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <FieldLabel htmlFor={`${id}-file`} required>
            {t('worklist.documents.chooseFile')}
          </FieldLabel>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Button
              variant="outlined"
              component="label"
              htmlFor={`${id}-file`}
              startIcon={<UploadFileRounded />}
              sx={{ flexShrink: 0, height: 40, bgcolor: 'background.paper' }}
            >
              {t('worklist.documents.chooseFile')}
            </Button>
            <Typography
              variant="body2"
              noWrap
              color={file ? 'text.primary' : 'text.secondary'}
              data-testid="upload-file-name"
              sx={{ minWidth: 0 }}
            >
              {file?.name ?? t('worklist.documents.noFileChosen')}
            </Typography>
            <input
              ref={inputRef}
              id={`${id}-file`}
              type="file"
              accept={acceptAttribute(kind)}
              aria-invalid={Boolean(error)}
              aria-describedby={`${id}-file-help`}
              data-testid="upload-file-input"
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
            />
          </Box>
          <FormHelperText
            id={`${id}-file-help`}
            error={Boolean(error)}
            data-testid="upload-file-help"
            sx={{ mx: 0, whiteSpace: 'pre-line', fontWeight: error ? 500 : 400 }}
          >
            {error ??
              (kind === 'document'
                ? t('worklist.documents.acceptedTypes', { types })
                : t('worklist.documents.anyType'))}
          </FormHelperText>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <FieldLabel htmlFor={`${id}-prefix`}>{t('worklist.documents.renameLabel')}</FieldLabel>
          <TextField
            id={`${id}-prefix`}
            value={prefix}
            onChange={(event) => setPrefix(event.target.value)}
            fullWidth
            helperText={
              file && prefix.trim()
                ? t('worklist.documents.renamePreview', { name: previewFileName(file.name, prefix) })
                : t('worklist.documents.renameHint')
            }
            slotProps={{
              htmlInput: { maxLength: 150, 'data-testid': 'upload-prefix' },
              formHelperText: { sx: { mx: 0 } },
            }}
          />
        </Box>
      </Box>
      {upload.isPending ? (
        <Box role="status" aria-live="polite">
          <LinearProgress variant={progress > 0 ? 'determinate' : 'indeterminate'} value={progress} />
          <Typography variant="caption" color="text.secondary">
            {t('worklist.documents.uploading', { percent: progress })}
          </Typography>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<CloudUploadRounded />}
          disabled={upload.isPending}
          data-testid="upload-submit"
        >
          {t('worklist.documents.upload')}
        </Button>
      </Box>
    </Box>
  );
}
