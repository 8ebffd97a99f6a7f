import { Title, useGetList } from 'react-admin';
import { createElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { DASHBOARD_LIST_LIMIT } from '@union/shared/constants';
import { formatDate, formatNumber } from '@union/shared/format';
import { useLanguage } from '../common/useLanguage';
import { useConsolePath } from '../common/useConsolePath';
import { useT } from '../i18n/keys';
import { RESOURCES, resourceLabel, type AnyResource, type ResourceName } from '../registry';
import type { SubmissionRecord } from '../types';
import { UpcomingEvents } from './UpcomingEvents';
import { PublishState } from './PublishState';
import { TokenWarnings } from './TokenWarnings';
import { joinParts } from '../common/joinParts';

// The resources with a dashboard tile, in registry order.
const tiles = (RESOURCES as readonly AnyResource[]).filter((r) => r.tile);

/** A resource's row count (those matching the tile's filter), linking to its list so filtered. */
const Tile = ({ spec }: { spec: AnyResource }) => {
  const translate = useT();
  const lang = useLanguage();
  const path = useConsolePath();
  const filter = spec.tile?.filter;
  const to = filter ? `/${spec.name}?filter=${encodeURIComponent(JSON.stringify(filter))}` : `/${spec.name}`;
  const { total, isPending } = useGetList(spec.name, { pagination: { page: 1, perPage: 1 }, filter });
  return (
    <Card>
      <CardActionArea
        component={RouterLink}
        to={path(to)}
        data-testid={`tile-${spec.name}${filter ? '-filtered' : ''}`}
      >
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }}>{createElement(spec.icon, { fontSize: 'large' })}</Box>
          <Box>
            <Typography variant="h4" component="p" data-testid="tile-count">
              {isPending ? '…' : formatNumber(total ?? 0, lang)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(spec.tile?.label ?? resourceLabel(spec.name as ResourceName), { smart_count: 2 })}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

const PendingSubmissions = () => {
  const translate = useT();
  const lang = useLanguage();
  const path = useConsolePath();
  const { data = [], isPending } = useGetList<SubmissionRecord>('submissions', {
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
                secondary={joinParts(translate, [
                  translate(`submissions.types.${s.type}`),
                  formatDate(s.created_at, lang),
                ])}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
};

export const Dashboard = () => {
  const translate = useT();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('dashboard.title')} />
      <TokenWarnings />
      <PublishState />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }, mb: 2 }}
      >
        {tiles.map((spec) => (
          <Tile key={spec.name} spec={spec} />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <PendingSubmissions />
        <UpcomingEvents />
      </Box>
    </Box>
  );
};
