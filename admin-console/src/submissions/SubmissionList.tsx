import { useMemo } from 'react';
import {
  Datagrid,
  ExportButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import { submissionStatusChoices, submissionTypeChoices } from '../common/choices';
import { DateText } from '../common/DateText';
import { useIsSmall } from '../common/useIsSmall';
import { useLanguage } from '../common/useLanguage';
import { StatusChip } from './StatusChip';
import { SubmissionAbout } from './SubmissionAbout';
import { SubmissionActions } from './SubmissionActions';
import { submissionExporter } from './exporter';
import { msg, useT } from '../i18n/keys';
import type { Rec } from '../types';

// The search box is wide enough for its hint on a desktop, and no wider than a phone.
const makeFilters = (placeholder: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} sx={{ minWidth: { sm: 300 } }} />,
  <SelectInput key="type" source="type" choices={submissionTypeChoices} alwaysOn />,
  <SelectInput key="status" source="status" choices={submissionStatusChoices} alwaysOn />,
];

const Actions = () => (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

/** On a phone: who, what about and when, the status at the side; approving is on the detail page. */
const SmallList = () => {
  const translate = useT();
  return (
    <SimpleList<Rec<'submissions'>>
      rowClick="show"
      primaryText={(r) => <bdi>{r.name}</bdi>}
      secondaryText={(r) => (
        <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
          <span>
            {translate(`submissions.types.${r.type}`)}
            {(r.event_id || r.book_id) && translate('common.listSeparator')}
            <SubmissionAbout />
          </span>
          <DateText source="created_at" withTime />
        </Box>
      )}
      rightIcon={() => <StatusChip />}
    />
  );
};

export const SubmissionList = () => {
  const translate = useT();
  const isSmall = useIsSmall();
  const lang = useLanguage();
  const exporter = useMemo(() => submissionExporter(lang), [lang]);
  return (
    <List
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={makeFilters(translate('submissions.searchHelp'))}
      actions={<Actions />}
      exporter={exporter}
    >
      {isSmall ? (
        <SmallList />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <DateText source="created_at" withTime />
          <FunctionField<Rec<'submissions'>> source="type" render={(r) => translate(`submissions.types.${r.type}`)} />
          {/* Who, with the student number or email under the name: one column fewer, so the
              review buttons stay on a laptop's screen. */}
          <FunctionField<Rec<'submissions'>>
            source="name"
            render={(r) => (
              <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                <bdi>{r.name}</bdi>
                {(r.student_number || r.email) && (
                  <Typography variant="caption" color="text.secondary" component="bdi" sx={{ wordBreak: 'break-all' }}>
                    {r.student_number ?? r.email}
                  </Typography>
                )}
              </Box>
            )}
          />
          <SubmissionAbout label={msg('resources.submissions.fields.about')} />
          <StatusChip label={msg('resources.submissions.fields.status')} />
          <SubmissionActions compact />
        </Datagrid>
      )}
    </List>
  );
};
