import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { FieldLabel } from '@/components/field-label';
import { ATTACHMENT_ACCEPT, attachmentProblem, formatFileSize } from '../lib/attachment-check';

interface AttachmentPickerProps {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The server's word on the file after a refused save. */
  error?: string | null;
  onError: (message: string | null) => void;
}

/**
 * One attached file (image or PDF, ≤ 10 MB): its name and size once chosen, a button to take it off. A file of another
 * type or over the limit is refused here with the Thai message, before anything is sent (decision acc25).
 */
export function AttachmentPicker({ id, file, onChange, error, onError }: AttachmentPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Box>
      <FieldLabel htmlFor={id}>ไฟล์แนบ (Attachment)</FieldLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AttachFileRounded />}
          onClick={() => inputRef.current?.click()}
        >
          {file ? 'เปลี่ยนไฟล์ (Change)' : 'เลือกไฟล์ (Choose file)'}
        </Button>
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          hidden
          data-testid={`${id}-input`}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            // The same file chosen again after a refusal must fire change again.
            e.target.value = '';
            if (!chosen) return;
            const problem = attachmentProblem(chosen);
            onError(problem);
            if (!problem) onChange(chosen);
          }}
        />
        {file ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }} data-testid={`${id}-chosen`}>
            <Typography variant="body2" noWrap sx={{ maxWidth: 280 }} title={file.name}>
              {file.name}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              ({formatFileSize(file.size)})
            </Typography>
            <Tooltip title="เอาไฟล์ออก (Remove the file)">
              <IconButton
                size="small"
                aria-label="เอาไฟล์ออก (Remove the file)"
                onClick={() => {
                  onChange(null);
                  onError(null);
                }}
              >
                <CloseRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            ไม่มีไฟล์แนบ · JPEG, PNG หรือ PDF ไม่เกิน 10 MB
          </Typography>
        )}
      </Box>
      {error ? (
        <FormHelperText error data-testid={`${id}-error`} sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
