import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  API_CREDENTIAL_ROLES,
  type ApiCredentialList,
  type ApiCredentialRole,
  type ApiCredentialScope,
  type CreatedApiCredential,
} from '@rangsi/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { FieldLabel } from '@/components/field-label';
import { useCreateApiCredential } from '../api/create-api-credential';

interface CreateCredentialDialogProps {
  options: Pick<ApiCredentialList, 'branches' | 'hospitals'>;
  onCreated: (created: CreatedApiCredential) => void;
  onCancel: () => void;
}

/** The new credential's name, role and data scope; the server checks each and answers under the field. */
export function CreateCredentialDialog({ options, onCreated, onCancel }: CreateCredentialDialogProps) {
  const { t } = useTranslation();
  const create = useCreateApiCredential();
  const [name, setName] = useState('');
  const [roleName, setRoleName] = useState<ApiCredentialRole>('Staff');
  const [scope, setScope] = useState<ApiCredentialScope>('all');
  const [branchId, setBranchId] = useState('');
  const [hospitalId, setHospitalId] = useState('');
  const [nameMissing, setNameMissing] = useState(false);

  const fieldError = (field: string) =>
    create.error instanceof ApiError ? create.error.fieldErrors.find((e) => e.field === field)?.message : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameMissing(true);
      document.getElementById('credential-name')?.focus();
      return;
    }
    create.mutate(
      {
        name: name.trim(),
        roleName,
        scope,
        branchId: scope === 'branch' && branchId ? Number(branchId) : null,
        hospitalId: scope === 'hospital' && hospitalId ? Number(hospitalId) : null,
      },
      { onSuccess: onCreated },
    );
  };

  const nameError = nameMissing ? t('apiCredentials.create.nameRequired') : fieldError('name');
  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      data-testid="create-credential"
      aria-labelledby="create-credential-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-credential-title">{t('apiCredentials.create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            <div>
              <FieldLabel htmlFor="credential-name" required>
                {t('apiCredentials.create.name')}
              </FieldLabel>
              <TextField
                id="credential-name"
                size="small"
                fullWidth
                autoFocus
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  setNameMissing(false);
                }}
                error={Boolean(nameError)}
                helperText={nameError ?? t('apiCredentials.create.nameHint')}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            </div>
            <div>
              <FieldLabel htmlFor="credential-role" required>
                {t('apiCredentials.create.role')}
              </FieldLabel>
              <TextField
                id="credential-role"
                select
                size="small"
                fullWidth
                value={roleName}
                onChange={(e) => setRoleName(e.target.value as ApiCredentialRole)}
              >
                {API_CREDENTIAL_ROLES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`apiCredentials.role.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
            </div>
            <div>
              <FieldLabel htmlFor="credential-scope" required>
                {t('apiCredentials.create.scope')}
              </FieldLabel>
              <TextField
                id="credential-scope"
                select
                size="small"
                fullWidth
                value={scope}
                onChange={(e) => setScope(e.target.value as ApiCredentialScope)}
              >
                <MenuItem value="all">{t('apiCredentials.create.scopeAll')}</MenuItem>
                <MenuItem value="branch">{t('apiCredentials.create.scopeBranch')}</MenuItem>
                <MenuItem value="hospital">{t('apiCredentials.create.scopeHospital')}</MenuItem>
              </TextField>
            </div>
            {scope === 'branch' || scope === 'hospital' ? (
              <ScopeTargetSelect
                key={scope}
                id={`credential-${scope}`}
                label={t(`apiCredentials.create.${scope}`)}
                value={scope === 'branch' ? branchId : hospitalId}
                onChange={scope === 'branch' ? setBranchId : setHospitalId}
                error={fieldError(scope === 'branch' ? 'branchId' : 'hospitalId')}
                options={scope === 'branch' ? options.branches : options.hospitals}
              />
            ) : null}
            {create.error && !fieldError('name') && !fieldError('branchId') && !fieldError('hospitalId') ? (
              <Alert severity="error" data-testid="create-credential-error">
                {create.error instanceof ApiError && create.error.serverMessage
                  ? create.error.serverMessage
                  : t('apiCredentials.create.failed')}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} disabled={create.isPending}>
            {t('apiCredentials.create.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : null}
            data-testid="create-credential-submit"
          >
            {t('apiCredentials.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The branch or client hospital a scoped credential is bound to. */
function ScopeTargetSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  options: readonly { id: number | string; name: string }[];
}) {
  return (
    <div>
      <FieldLabel htmlFor={props.id} required>
        {props.label}
      </FieldLabel>
      <TextField
        id={props.id}
        select
        size="small"
        fullWidth
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        error={Boolean(props.error)}
        helperText={props.error}
      >
        {props.options.map((o) => (
          <MenuItem key={o.id} value={String(o.id)}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
    </div>
  );
}
