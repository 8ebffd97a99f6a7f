import { forwardRef } from 'react';
import { MenuItem, PaginationItem, type MenuItemProps, type PaginationRenderItemParams } from '@mui/material';
import type { RaThemeOptions } from 'react-admin';
import type { Language } from '@union/shared/constants';
import { formatNumber } from '@union/shared/format';
import type { Tree } from '../i18n/messages';

/**
 * Every list's pagination in the console's language, through the theme so that no list can miss
 * it: page buttons and the rows-per-page choice in the language's digits (Arabic-Indic in
 * Arabic), and the phone's previous/next buttons named in the language (react-admin names them
 * only on wide screens; MUI's own labels are English). The order and the arrows follow
 * theme.direction, which MUI mirrors by itself. The counter («١–١٠ من ٢٥») is a translated text,
 * formatted like every other (@union/shared/i18n/numbers).
 */
export function paginationComponents(lang: Language, tree: Tree): RaThemeOptions['components'] {
  const digits = (value: unknown) => (typeof value === 'number' ? formatNumber(value, lang) : value);
  const navigation = ((tree.ra as Tree | undefined)?.navigation ?? {}) as Tree;
  const label = (type: string) => {
    const text = navigation[type];
    return typeof text === 'string' ? text : type;
  };
  const LocalMenuItem = forwardRef<HTMLLIElement, MenuItemProps>(function LocalMenuItem({ children, ...props }, ref) {
    return (
      <MenuItem ref={ref} {...props}>
        {digits(children) as MenuItemProps['children']}
      </MenuItem>
    );
  });
  return {
    RaPaginationActions: {
      defaultProps: {
        renderItem: (item: PaginationRenderItemParams) => (
          <PaginationItem {...item} page={digits(item.page) as PaginationRenderItemParams['page']} />
        ),
      },
    },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') => label(type),
        slots: { menuItem: LocalMenuItem },
        slotProps: { select: { renderValue: (value: unknown) => digits(value) as string } },
      },
    },
  };
}
