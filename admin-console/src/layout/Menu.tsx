import { Menu as RaMenu, usePermissions } from 'react-admin';
import { createElement } from 'react';
import { isSuperadmin } from '../providers/permissions';
import { useConsolePath } from '../common/useConsolePath';
import { useT } from '../i18n/keys';
import { MENU_GROUPS, PAGES, RESOURCES, isSuperadminGroup, resourceLabel } from '../registry';
import { RESOURCE_PAGES } from '../resourcePages';

// Resources with a list page, then the pages of their own, group by group in registry order.
const items = MENU_GROUPS.flatMap((group) => [
  ...RESOURCES.filter((r) => r.group === group && RESOURCE_PAGES[r.name].list).map((r) => ({
    to: `/${r.name}`,
    label: resourceLabel(r.name),
    icon: r.icon,
    group,
  })),
  ...PAGES.filter((p) => p.group === group).map((p) => ({ to: p.path, label: p.label, icon: p.icon, group })),
]);

/** The side menu, read from the registry: superadmins also see the `admin` group. */
export const Menu = () => {
  const translate = useT();
  const { permissions } = usePermissions();
  const path = useConsolePath();
  const visible = isSuperadmin(permissions) ? items : items.filter((item) => !isSuperadminGroup(item.group));
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText={translate('menu.dashboard')} />
      {visible.map((item) => (
        <RaMenu.Item
          key={item.to}
          to={path(item.to)}
          primaryText={translate(item.label, { smart_count: 2 })}
          leftIcon={createElement(item.icon)}
        />
      ))}
    </RaMenu>
  );
};
