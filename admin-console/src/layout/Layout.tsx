import { type ReactNode, useEffect } from 'react';
import { Layout as RaLayout, Loading, useAuthState, usePermissions, useTheme } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { NoAccess } from './NoAccess';
import { isStaff } from '../providers/permissions';
import { applyThemeColor } from '../i18n/language';
import { useT } from '../i18n/keys';

const Footer = () => {
  const translate = useT();
  return (
    <Box component="footer" sx={{ mt: 4, py: 2, textAlign: 'center', opacity: 0.7 }}>
      <Typography variant="caption">{translate('app.footerCredit')}</Typography>
    </Box>
  );
};

// Without a staff record every menu item would lead to "no access": no menu at all then.
const NoSidebar = () => null;

export const Layout = ({ children }: { children: ReactNode }) => {
  // Every page in the layout needs a session (signed out → the sign-in page), and a staff
  // record (signed in without one → "no access").
  const { authenticated, isPending: authPending } = useAuthState(undefined, true);
  const { permissions, isPending: permissionsPending } = usePermissions();
  const isPending = authPending || !authenticated || permissionsPending;
  const staff = !isPending && isStaff(permissions);
  const [mode] = useTheme();
  useEffect(() => applyThemeColor(mode === 'light' ? 'light' : 'dark'), [mode]);
  return (
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      sidebar={staff ? undefined : NoSidebar}
      sx={{ '& .RaLayout-content': { display: 'flex', flexDirection: 'column', minWidth: 0 } }}
    >
      {isPending ? <Loading /> : staff ? <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box> : <NoAccess />}
      <Footer />
    </RaLayout>
  );
};
