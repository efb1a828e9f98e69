import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §3 Health-coverage entitlement, as the helper's latest-authen-code answers it. */
interface Entitlement {
  claimCode: string | null;
  claimDateTime: string | null;
  image: string | null;
  fname: string;
  lname: string;
  age: number | null;
  mainInscl: string;
  subInscl: string;
  hospMain: { hname: string; hcode: string };
  claimTypes: { claimType: string; claimTypeName: string }[];
  correlationId: string;
}

async function helper<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json' } });
  const json = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new Error(json.message ?? `NHSO ${res.status}`);
  return json;
}

/** The health-coverage dialog (spec §2, §7): latest authentication, a claim type, confirm-save; gives back the claim code. */
export function NhsoDialog({
  baseUrl,
  pid,
  hn,
  onClose,
  onClaim,
}: {
  baseUrl: string;
  pid: string;
  hn: string;
  onClose: () => void;
  onClaim: (claimCode: string) => void;
}) {
  const { t } = useTranslation();
  const base = baseUrl.replace(/\/+$/, '');
  const [ent, setEnt] = useState<Entitlement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [claimType, setClaimType] = useState('');
  const [mobile, setMobile] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    helper<Entitlement>(`${base}/nhso-service/latest-authen-code/${encodeURIComponent(pid)}`)
      .then((e) => {
        setEnt(e);
        setClaimType(e.claimTypes[0]?.claimType ?? '');
      })
      .catch((e: Error) => setError(e.message));
  }, [base, pid]);
  const confirm = async () => {
    if (!ent) return;
    setBusy(true);
    try {
      const r = await helper<{ claimCode: string }>(`${base}/nhso-service/confirm-save`, {
        method: 'POST',
        body: JSON.stringify({
          pid,
          claimType,
          mobile,
          correlationId: ent.correlationId,
          hn,
          hcode: ent.hospMain.hcode,
        }),
      });
      onClaim(r.claimCode);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="nhso-title" data-testid="nhso-dialog">
      <DialogTitle id="nhso-title">{t('request.nhso.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {error ? (
          <Alert severity="error" data-testid="nhso-error">
            {error}
          </Alert>
        ) : null}
        {!ent && !error ? <CircularProgress /> : null}
        {ent ? (
          <>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              {ent.image ? (
                <Box
                  component="img"
                  src={`data:image/jpeg;base64,${ent.image}`}
                  alt=""
                  sx={{ width: 72, height: 90, objectFit: 'cover' }}
                />
              ) : null}
              <Box>
                <Typography variant="subtitle1">
                  {ent.fname} {ent.lname}
                </Typography>
                <Typography variant="body2">{ent.mainInscl}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {ent.subInscl} · {ent.hospMain.hname} ({ent.hospMain.hcode})
                </Typography>
                {ent.claimCode ? (
                  <Typography variant="caption">{t('request.nhso.latest', { code: ent.claimCode })}</Typography>
                ) : null}
              </Box>
            </Box>
            <Typography variant="subtitle2">{t('request.nhso.claimType')}</Typography>
            <RadioGroup value={claimType} onChange={(e) => setClaimType(e.target.value)}>
              {ent.claimTypes.map((c) => (
                <FormControlLabel
                  key={c.claimType}
                  value={c.claimType}
                  control={<Radio size="small" />}
                  label={c.claimTypeName}
                />
              ))}
            </RadioGroup>
            <TextField
              size="small"
              label={t('request.nhso.mobile')}
              value={mobile}
              onChange={(e) => setMobile(e.target.value.replace(/\D/g, '').slice(0, 10))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('request.common.cancel')}</Button>
        {ent?.claimCode ? (
          <Button onClick={() => onClaim(ent.claimCode!)} data-testid="nhso-use-latest">
            {t('request.nhso.useLatest')}
          </Button>
        ) : null}
        <Button
          variant="contained"
          disabled={!ent || !claimType || busy}
          onClick={() => void confirm()}
          data-testid="nhso-confirm"
        >
          {t('request.nhso.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
