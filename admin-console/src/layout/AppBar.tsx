import {
  AppBar as RaAppBar,
  AppBarClasses,
  LoadingIndicator,
  LocalesMenuButton,
  Logout,
  TitlePortal,
  ToggleThemeButton,
  UserMenu,
  usePermissions,
  type AppBarProps,
} from 'react-admin';
import { Box, Button, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { config } from '../providers/supabase';
import { useIsSmall } from '../common/useIsSmall';
import { isStaff } from '../providers/permissions';
import { useT } from '../i18n/keys';

/** The link to the public site, in the bar on a wide screen. */
const PublicSiteLink = () => {
  const translate = useT();
  return (
    <Button
      color="inherit"
      href={config.publicSiteUrl}
      target="_blank"
      rel="noopener"
      startIcon={<OpenInNewIcon />}
      sx={{ mx: 1 }}
    >
      {translate('app.publicSite')}
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

/**
 * On a phone the link to the public site is an entry of the account menu, beside signing out:
 * a 390 px bar holds the menu button, the page's title and four icons, and a fifth icon left
 * the title a few letters.
 */
const PhoneUserMenu = () => {
  const translate = useT();
  return (
    <UserMenu>
      <MenuItem component="a" href={config.publicSiteUrl} target="_blank" rel="noopener">
        <ListItemIcon>
          <OpenInNewIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('app.publicSite')}</ListItemText>
      </MenuItem>
      <Logout />
    </UserMenu>
  );
};

const Toolbar = () => {
  const isSmall = useIsSmall();
  return (
    <>
      {!isSmall && <PublicSiteLink />}
      <Box component="span" sx={isSmall ? compactLanguageButton : undefined}>
        <LocalesMenuButton />
      </Box>
      <ToggleThemeButton />
      <LoadingIndicator />
    </>
  );
};

const phoneTitle = {
  minWidth: 0,
  fontSize: '1rem',
  lineHeight: 1.35,
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

/**
 * The top bar. Accounts without a staff record (and anyone while the role is being read) have
 * no side menu (see Layout), so no button to open one either.
 */
export const AppBar = (_props: AppBarProps) => {
  const { permissions, isPending } = usePermissions();
  const isSmall = useIsSmall();
  const withMenu = !isPending && isStaff(permissions);
  return (
    <RaAppBar
      toolbar={<Toolbar />}
      userMenu={isSmall ? <PhoneUserMenu /> : undefined}
      sx={withMenu ? undefined : { [`& .${AppBarClasses.menuButton}`]: { display: 'none' } }}
    >
      {/* The title takes the room the icons leave. On a phone it may use two lines, in a
          smaller type, before the rest is cut with an ellipsis; on a wide screen one line. */}
      <TitlePortal sx={isSmall ? phoneTitle : { minWidth: 0 }} />
    </RaAppBar>
  );
};
