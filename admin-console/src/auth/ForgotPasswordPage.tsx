import { type FormEvent, useState } from 'react';

import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { isBlank, isValidEmail } from '@union/shared/validation';
import { auth } from '../providers/auth';
import { recoveryRedirectUrl } from '../providers/authProvider';
import { AuthCard } from './AuthCard';
import { useConsolePath } from '../common/useConsolePath';
import { signInErrorKey } from './signInError';
import { useT, type MessageKey } from '../i18n/keys';

export const ForgotPasswordPage = () => {
  const translate = useT();
  const path = useConsolePath();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<MessageKey | null>(null);
  const emailError = isBlank(email) ? 'auth.emailRequired' : !isValidEmail(email) ? 'auth.emailInvalid' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (emailError) return;
    setState('sending');
    const { error: e } = await auth.resetPasswordForEmail(email.trim(), { redirectTo: recoveryRedirectUrl() });
    if (e) {
      setError(signInErrorKey(e));
      setState('idle');
    } else setState('sent');
  };

  return (
    <AuthCard title={translate('auth.forgotTitle')} subtitle={translate('auth.forgotHelp')}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {error && <Alert severity="error">{translate(error)}</Alert>}
        {state === 'sent' ? (
          <Alert severity="success" role="status">
            {translate('auth.resetLinkSent')}
          </Alert>
        ) : (
          <>
            <TextField
              label={translate('auth.email')}
              type="email"
              name="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={touched && !!emailError}
              helperText={touched && emailError ? translate(emailError) : ' '}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={state === 'sending'}>
              {translate('auth.sendLink')}
            </Button>
          </>
        )}
        <Link component={RouterLink} to={path('/login')} variant="body2" sx={{ alignSelf: 'center' }}>
          {translate('auth.backToSignIn')}
        </Link>
      </Box>
    </AuthCard>
  );
};
