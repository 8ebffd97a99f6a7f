import { type ReactNode, useEffect } from 'react';
import { Layout as RaLayout, Loading, usePermissions, useTheme, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { NoAccess } from './NoAccess';
import { isStaff } from '../providers/permissions';
import { applyThemeColor } from '../i18n/language';

const Footer = () => {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ mt: 4, py: 2, textAlign: 'center', opacity: 0.7 }}>
      <Typography variant="caption">{translate('app.footerCredit')}</Typography>
    </Box>
  );
};

export const Layout = ({ children }: { children: ReactNode }) => {
  const { permissions, isPending } = usePermissions();
  const [mode] = useTheme();
  useEffect(() => applyThemeColor(mode === 'light' ? 'light' : 'dark'), [mode]);
  return (
    <RaLayout appBar={AppBar} menu={Menu} sx={{ '& .RaLayout-content': { display: 'flex', flexDirection: 'column' } }}>
      {isPending ? <Loading /> : isStaff(permissions) ? <Box sx={{ flex: 1 }}>{children}</Box> : <NoAccess />}
      <Footer />
    </RaLayout>
  );
};
