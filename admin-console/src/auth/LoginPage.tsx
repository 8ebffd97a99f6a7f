import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { isBlank, isValidEmail } from '@union/shared/validation';
import { LOGIN_REDIRECT_DELAY_MS } from '@union/shared/constants';
import { AuthCard } from './AuthCard';
import { useConsolePath } from '../common/useConsolePath';
import { signInErrorKey } from './signInError';
import { useT, type MessageKey } from '../i18n/keys';
import type { LoginParams } from '../providers/authProvider';

interface LoginPageProps {
  /** Signs in and opens the page asked for: react-admin's useLogin, or the sign-in screen's own before the console is loaded. */
  login: (params: LoginParams) => Promise<unknown>;
  /** Called as the staff member types in the form. */
  onTyping?: () => void;
}

/**
 * Staff sign-in: validated email and password, translated refusals, then a success message
 * and the dashboard after 1 s. The message takes the form's place in the card (a backdrop
 * over the whole page was drawn over the password field, still visible under it).
 */
export const LoginPage = ({ login, onTyping }: LoginPageProps) => {
  const translate = useT();
  const path = useConsolePath();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [success, setSuccess] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);

  const emailError = isBlank(email) ? 'auth.emailRequired' : !isValidEmail(email) ? 'auth.emailInvalid' : null;
  const passwordError = password === '' ? 'auth.passwordRequired' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (emailError || passwordError) return;
    setSubmitting(true);
    try {
      await login({
        email: email.trim(),
        password,
        delayMs: LOGIN_REDIRECT_DELAY_MS,
        onSignedIn: () => setSuccess(true),
      });
    } catch (e) {
      setSuccess(false);
      setError(signInErrorKey(e));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={translate('auth.signInTitle')} subtitle={translate('auth.signInSubtitle')}>
      {success ? (
        <Box
          role="status"
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 4 }}
          data-testid="login-success"
        >
          <CircularProgress />
          <Typography>{translate('auth.signedIn')}</Typography>
        </Box>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          onChange={onTyping}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {error && (
            <Alert severity="error" role="alert">
              {translate(error)}
            </Alert>
          )}
          <TextField
            label={translate('auth.email')}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={touched && !!emailError}
            helperText={touched && emailError ? translate(emailError) : ' '}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
            required
            fullWidth
          />
          <TextField
            label={translate('auth.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={touched && !!passwordError}
            helperText={touched && passwordError ? translate(passwordError) : ' '}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
            required
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting}>
            {submitting ? translate('auth.signingIn') : translate('auth.signIn')}
          </Button>
          <Link component={RouterLink} to={path('/forgot-password')} variant="body2" sx={{ alignSelf: 'center' }}>
            {translate('auth.forgotPassword')}
          </Link>
        </Box>
      )}
    </AuthCard>
  );
};
