import {
  AppBar as RaAppBar,
  AppBarClasses,
  LoadingIndicator,
  LocalesMenuButton,
  TitlePortal,
  ToggleThemeButton,
  usePermissions,
  type AppBarProps,
} from 'react-admin';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { config } from '../providers/supabase';
import { useIsSmall } from '../common/useIsSmall';
import { isStaff } from '../providers/permissions';
import { useT } from '../i18n/keys';

/** The link to the public site: an icon on a phone, where the page's title needs the room. */
const PublicSiteLink = () => {
  const translate = useT();
  const isSmall = useIsSmall();
  const label = translate('app.publicSite');
  return isSmall ? (
    <Tooltip title={label}>
      <IconButton color="inherit" href={config.publicSiteUrl} target="_blank" rel="noopener" aria-label={label}>
        <OpenInNewIcon />
      </IconButton>
    </Tooltip>
  ) : (
    <Button
      color="inherit"
      href={config.publicSiteUrl}
      target="_blank"
      rel="noopener"
      startIcon={<OpenInNewIcon />}
      sx={{ mx: 1 }}
    >
      {label}
    </Button>
  );
};

// On a phone the language button shows its icon only (the name stays its accessible name),
// so that the page's title keeps room in the bar.
const compactLanguageButton = {
  '& .MuiButton-root': { minWidth: 0, fontSize: 0, px: 1 },
  '& .MuiButton-startIcon': { m: 0 },
  '& .MuiButton-endIcon': { display: 'none' },
};

const Toolbar = () => {
  const isSmall = useIsSmall();
  return (
    <>
      <PublicSiteLink />
      <Box component="span" sx={isSmall ? compactLanguageButton : undefined}>
        <LocalesMenuButton />
      </Box>
      <ToggleThemeButton />
      <LoadingIndicator />
    </>
  );
};

/**
 * The top bar. Accounts without a staff record (and anyone while the role is being read) have
 * no side menu (see Layout), so no button to open one either.
 */
export const AppBar = (_props: AppBarProps) => {
  const { permissions, isPending } = usePermissions();
  const withMenu = !isPending && isStaff(permissions);
  return (
    <RaAppBar
      toolbar={<Toolbar />}
      sx={{
        ...(withMenu ? {} : { [`& .${AppBarClasses.menuButton}`]: { display: 'none' } }),
        // The title shrinks (with an ellipsis) before anything leaves the screen.
        [`& .${AppBarClasses.title}`]: {
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        },
      }}
    >
      <TitlePortal />
    </RaAppBar>
  );
};
