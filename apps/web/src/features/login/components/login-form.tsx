import LockRounded from '@mui/icons-material/LockRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import VisibilityOffRounded from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { safeReturnUrl } from '@rangsi/domain';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { useLogOn } from '../api/log-on';

interface LoginFormProps {
  /** The ReturnUrl the user arrived with, passed through to the server. */
  returnUrl: string | undefined;
}

type MissingField = 'username' | 'password';

export function LoginForm({ returnUrl }: LoginFormProps) {
  const { t } = useTranslation();
  const logOn = useLogOn();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState<ReadonlySet<MissingField>>(new Set());
  const [showPassword, setShowPassword] = useState(false);
  const [capsLock, setCapsLock] = useState(false);

  const busy = logOn.isPending || logOn.isSuccess;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const username = usernameRef.current?.value.trim() ?? '';
    const password = passwordRef.current?.value ?? '';

    const nowMissing = new Set<MissingField>();
    if (!username) nowMissing.add('username');
    if (!password) nowMissing.add('password');
    setMissing(nowMissing);
    if (nowMissing.size > 0) {
      // UI guide: focus moves to the first field in error.
      (nowMissing.has('username') ? usernameRef : passwordRef).current?.focus();
      return;
    }

    logOn.mutate(
      { username, password, returnUrl },
      {
        // A full page load: the app starts clean with the new session, and the target may be a server page
        // (a report, a Weasis manifest) rather than a screen of this app.
        onSuccess: (result) => window.location.assign(safeReturnUrl(result.returnUrl ?? returnUrl)),
        onError: () => {
          passwordRef.current?.select();
          passwordRef.current?.focus();
        },
      },
    );
  }

  function trackCapsLock(event: KeyboardEvent) {
    setCapsLock(event.getModifierState('CapsLock'));
  }

  const serverMessage =
    logOn.error instanceof ApiError && logOn.error.message ? logOn.error.message : t('error.generic');

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby="login-title"
      sx={{ width: '100%', maxWidth: 380 }}
    >
      <Typography id="login-title" component="h1" variant="h4">
        {t('login.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {t('login.subtitle')}
      </Typography>

      {logOn.isError ? (
        <Alert severity="error" data-testid="login-error" sx={{ mb: 2.5 }}>
          {serverMessage}
        </Alert>
      ) : null}

      <Stack spacing={2.25}>
        <Box>
          <FormLabel
            htmlFor="login-username"
            required
            sx={{ display: 'block', mb: 0.75, fontWeight: 500, color: 'text.primary' }}
          >
            {t('login.username')}
          </FormLabel>
          <OutlinedInput
            id="login-username"
            name="username"
            inputRef={usernameRef}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            fullWidth
            size="medium"
            disabled={busy}
            error={missing.has('username')}
            onChange={() =>
              missing.has('username') && setMissing(new Set([...missing].filter((f) => f !== 'username')))
            }
            onKeyUp={trackCapsLock}
            startAdornment={
              <InputAdornment position="start">
                <PersonRounded fontSize="small" />
              </InputAdornment>
            }
            inputProps={{
              'aria-describedby': missing.has('username') ? 'login-username-error' : undefined,
              maxLength: 100,
            }}
          />
          {missing.has('username') ? (
            <FormHelperText id="login-username-error" error>
              {t('login.usernameRequired')}
            </FormHelperText>
          ) : null}
        </Box>

        <Box>
          <FormLabel
            htmlFor="login-password"
            required
            sx={{ display: 'block', mb: 0.75, fontWeight: 500, color: 'text.primary' }}
          >
            {t('login.password')}
          </FormLabel>
          <OutlinedInput
            id="login-password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            inputRef={passwordRef}
            autoComplete="current-password"
            fullWidth
            size="medium"
            disabled={busy}
            error={missing.has('password')}
            onChange={() =>
              missing.has('password') && setMissing(new Set([...missing].filter((f) => f !== 'password')))
            }
            onKeyUp={trackCapsLock}
            startAdornment={
              <InputAdornment position="start">
                <LockRounded fontSize="small" />
              </InputAdornment>
            }
            endAdornment={
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  onClick={() => setShowPassword((v) => !v)}
                  aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                  aria-pressed={showPassword}
                >
                  {showPassword ? <VisibilityOffRounded fontSize="small" /> : <VisibilityRounded fontSize="small" />}
                </IconButton>
              </InputAdornment>
            }
            inputProps={{
              'aria-describedby': missing.has('password') ? 'login-password-error' : undefined,
              maxLength: 200,
            }}
          />
          {missing.has('password') ? (
            <FormHelperText id="login-password-error" error>
              {t('login.passwordRequired')}
            </FormHelperText>
          ) : null}
          {capsLock ? (
            <FormHelperText sx={{ color: 'warning.main' }} data-testid="login-capslock">
              {t('login.capsLock')}
            </FormHelperText>
          ) : null}
        </Box>

        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy}
          data-testid="login-submit"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
          sx={{ py: 1.1, fontSize: '1rem' }}
        >
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </Stack>

      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('login.help')}
      </Typography>
    </Box>
  );
}
