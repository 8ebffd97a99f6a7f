import { type FormEvent, useEffect, useState } from 'react';

import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import { passwordProblems } from '@union/shared/validation';
import { auth } from '../providers/auth';
import { AuthCard } from './AuthCard';
import { useConsolePath } from '../common/useConsolePath';
import { signInErrorKey } from './signInError';
import { useT, type MessageKey } from '../i18n/keys';
import { joinParts } from '../common/joinParts';

/**
 * Where the recovery mail's link lands (`/admin/set-password#access_token=…&type=recovery`):
 * supabase-js reads the hash into a session on start; the new password is then saved with
 * updateUser and the person signs in with it.
 */
export const SetPasswordPage = () => {
  const translate = useT();
  const path = useConsolePath();
  const [ready, setReady] = useState<'checking' | 'ok' | 'invalid'>('checking');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);

  useEffect(() => {
    const hashError = new URLSearchParams(window.location.hash.slice(1)).get('error');
    let alive = true;
    auth.getSession().then(({ data }) => {
      if (alive) setReady(data.session && !hashError ? 'ok' : 'invalid');
    });
    return () => {
      alive = false;
    };
  }, []);

  const problems = passwordProblems(password);
  const mismatch = confirm !== password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (problems.length > 0 || mismatch) return;
    setSaving(true);
    const { error: e } = await auth.updateUser({ password });
    setSaving(false);
    if (e) {
      setError(e.code === 'weak_password' ? 'errors.weak_password' : signInErrorKey(e));
      return;
    }
    // The recovery session is only for this; the person signs in again with the new password.
    await auth.signOut().catch(() => undefined);
    setDone(true);
  };

  return (
    <AuthCard title={translate('auth.setTitle')} subtitle={translate('auth.passwordPolicy')}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {ready === 'checking' && <Typography>{translate('auth.waitingForLink')}</Typography>}
        {ready === 'invalid' && <Alert severity="error">{translate('auth.linkInvalid')}</Alert>}
        {error && <Alert severity="error">{translate(error)}</Alert>}
        {done && (
          <Alert severity="success" role="status">
            {translate('auth.passwordSaved')}
          </Alert>
        )}
        {ready === 'ok' && !done && (
          <>
            <TextField
              label={translate('auth.newPassword')}
              type="password"
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={touched && problems.length > 0}
              helperText={
                touched && problems.length > 0
                  ? joinParts(
                      translate,
                      problems.map((p) => translate(`auth.passwordProblems.${p}`)),
                    )
                  : ' '
              }
              slotProps={{ htmlInput: { dir: 'ltr' } }}
              fullWidth
            />
            <TextField
              label={translate('auth.confirmPassword')}
              type="password"
              name="confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={touched && mismatch}
              helperText={touched && mismatch ? translate('auth.passwordMismatch') : ' '}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
              fullWidth
            />
            <Button type="submit" variant="contained" disabled={saving}>
              {translate('auth.savePassword')}
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
