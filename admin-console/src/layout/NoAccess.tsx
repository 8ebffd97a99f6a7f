import { useGetIdentity, useLogout } from 'react-admin';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import Block from '@mui/icons-material/Block';
import { useT } from '../i18n/keys';

/** Signed in but not staff (docs/decisions.md, "Who uses it"): say so plainly and offer to sign out. */
export const NoAccess = () => {
  const translate = useT();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 8, px: 2 }}>
      <Card sx={{ maxWidth: 520 }} data-testid="no-access">
        <CardContent sx={{ textAlign: 'center' }}>
          <Block color="error" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('auth.noAccessTitle')}
          </Typography>
          <Typography sx={{ mb: 3 }}>{translate('auth.noAccessText', { email: identity?.email ?? '' })}</Typography>
          <Button variant="contained" onClick={() => logout()}>
            {translate('auth.signOut')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};

/** Shown to editors who open a superadmin page by its address. */
export const SuperadminOnly = () => {
  const translate = useT();
  return (
    <Box sx={{ mt: 4 }} data-testid="superadmin-only">
      <Typography variant="h6">{translate('auth.superadminOnly')}</Typography>
    </Box>
  );
};
