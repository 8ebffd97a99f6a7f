import { Menu as RaMenu, usePermissions, useTranslate } from 'react-admin';
import Groups from '@mui/icons-material/Groups';
import Event from '@mui/icons-material/Event';
import MenuBook from '@mui/icons-material/MenuBook';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import BarChart from '@mui/icons-material/BarChart';
import Inbox from '@mui/icons-material/Inbox';
import Translate from '@mui/icons-material/Translate';
import Settings from '@mui/icons-material/Settings';
import School from '@mui/icons-material/School';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import History from '@mui/icons-material/History';
import PrivacyTip from '@mui/icons-material/PrivacyTip';
import { isSuperadmin } from '../providers/permissions';
import { useConsolePath } from '../common/useConsolePath';

const items = [
  { to: '/board_members', key: 'board_members', icon: <Groups /> },
  { to: '/events', key: 'events', icon: <Event /> },
  { to: '/books', key: 'books', icon: <MenuBook /> },
  { to: '/achievements', key: 'achievements', icon: <EmojiEvents /> },
  { to: '/statistics', key: 'statistics', icon: <BarChart /> },
  { to: '/submissions', key: 'submissions', icon: <Inbox /> },
  { to: '/translations', key: 'translations', icon: <Translate /> },
  { to: '/settings', key: 'settings', icon: <Settings /> },
];
const superadminItems = [
  { to: '/students', key: 'students', icon: <School /> },
  { to: '/staff', key: 'users', icon: <ManageAccounts /> },
  { to: '/audit_log', key: 'audit_log', icon: <History /> },
  { to: '/privacy', key: 'privacy', icon: <PrivacyTip /> },
];

/** The side menu: content for every staff member; students, staff accounts, audit log and personal data requests for superadmins. */
export const Menu = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const path = useConsolePath();
  const list = isSuperadmin(permissions) ? [...items, ...superadminItems] : items;
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText={translate('menu.dashboard')} />
      {list.map((item) => (
        <RaMenu.Item
          key={item.key}
          to={path(item.to)}
          primaryText={translate(`menu.${item.key}`)}
          leftIcon={item.icon}
        />
      ))}
    </RaMenu>
  );
};
