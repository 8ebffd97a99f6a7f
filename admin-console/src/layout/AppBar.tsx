import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, ToggleThemeButton, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { config } from '../providers/supabase';

const Toolbar = () => {
  const translate = useTranslate();
  return (
    <>
      <Button color="inherit" href={config.publicSiteUrl} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />} sx={{ mx: 1 }}>
        {translate('app.publicSite')}
      </Button>
      <LocalesMenuButton />
      <ToggleThemeButton />
      <LoadingIndicator />
    </>
  );
};

export const AppBar = () => (
  <RaAppBar toolbar={<Toolbar />}>
    <TitlePortal />
  </RaAppBar>
);
