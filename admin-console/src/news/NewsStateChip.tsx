import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useT } from '../i18n/keys';
import type { Rec } from '../types';
import { newsState } from './newsState';

const COLORS = { draft: 'default', scheduled: 'warning', published: 'success' } as const;

/** Draft, scheduled or published, as visitors' access is decided (newsState.ts). */
export const NewsStateChip = ({ record }: { record?: Rec<'news'>; label?: string }) => {
  const fromContext = useRecordContext<Rec<'news'>>();
  const translate = useT();
  const item = record ?? fromContext;
  if (!item) return null;
  const state = newsState(item);
  return <Chip size="small" color={COLORS[state]} label={translate(`news.state.${state}`)} data-testid="news-state" />;
};
