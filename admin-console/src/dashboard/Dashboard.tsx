import { Title, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import Groups from '@mui/icons-material/Groups';
import Event from '@mui/icons-material/Event';
import MenuBook from '@mui/icons-material/MenuBook';
import Inbox from '@mui/icons-material/Inbox';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import BarChart from '@mui/icons-material/BarChart';
import type { ReactNode } from 'react';
import { DASHBOARD_LIST_LIMIT } from '@union/shared/constants';
import { formatDate, formatNumber } from '@union/shared/format';
import { useLanguage } from '../common/useLanguage';
import { useConsolePath } from '../common/useConsolePath';
import { UpcomingEvents } from './UpcomingEvents';

const Tile = ({
  resource,
  label,
  icon,
  filter,
  to,
}: {
  resource: string;
  label: string;
  icon: ReactNode;
  filter?: object;
  to: string;
}) => {
  const lang = useLanguage();
  const path = useConsolePath();
  const { total, isPending } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, filter });
  return (
    <Card>
      <CardActionArea component={RouterLink} to={path(to)} data-testid={`tile-${resource}${filter ? '-filtered' : ''}`}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
          <Box>
            <Typography variant="h4" component="p" data-testid="tile-count">
              {isPending ? '…' : formatNumber(total ?? 0, lang)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

const PendingSubmissions = () => {
  const translate = useTranslate();
  const lang = useLanguage();
  const path = useConsolePath();
  const { data = [], isPending } = useGetList('submissions', {
    pagination: { page: 1, perPage: DASHBOARD_LIST_LIMIT },
    sort: { field: 'created_at', order: 'DESC' },
    filter: { status: 'pending' },
  });
  return (
    <Card sx={{ flex: 1, minWidth: 300 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('dashboard.pendingTitle')}
        </Typography>
        {!isPending && data.length === 0 && (
          <Typography color="text.secondary">{translate('dashboard.noPending')}</Typography>
        )}
        <List dense data-testid="pending-list">
          {data.map((s) => (
            <ListItem
              key={s.id}
              component={RouterLink}
              to={path(`/submissions/${s.id}/show`)}
              sx={{ color: 'inherit' }}
            >
              <ListItemText
                primary={<bdi>{s.name}</bdi>}
                secondary={`${translate(`submissions.types.${s.type}`)} · ${formatDate(s.created_at, lang)}`}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
};

export const Dashboard = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('dashboard.title')} />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }, mb: 2 }}
      >
        <Tile
          resource="board_members"
          to="/board_members"
          label={translate('dashboard.tiles.board_members')}
          icon={<Groups fontSize="large" />}
        />
        <Tile
          resource="events"
          to="/events"
          label={translate('dashboard.tiles.events')}
          icon={<Event fontSize="large" />}
        />
        <Tile
          resource="books"
          to="/books"
          label={translate('dashboard.tiles.books')}
          icon={<MenuBook fontSize="large" />}
        />
        <Tile
          resource="submissions"
          to={`/submissions?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`}
          filter={{ status: 'pending' }}
          label={translate('dashboard.tiles.pending')}
          icon={<Inbox fontSize="large" />}
        />
        <Tile
          resource="achievements"
          to="/achievements"
          label={translate('dashboard.tiles.achievements')}
          icon={<EmojiEvents fontSize="large" />}
        />
        <Tile
          resource="statistics"
          to="/statistics"
          label={translate('dashboard.tiles.statistics')}
          icon={<BarChart fontSize="large" />}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <PendingSubmissions />
        <UpcomingEvents />
      </Box>
    </Box>
  );
};
