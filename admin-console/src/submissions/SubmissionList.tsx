import { Datagrid, ExportButton, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { submissionStatusChoices, submissionTypeChoices } from '../common/choices';
import { DateText } from '../common/DateText';
import { StatusChip } from './StatusChip';
import { SubmissionActions } from './SubmissionActions';
import { submissionExporter } from './exporter';

const makeFilters = (placeholder: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} sx={{ minWidth: 300 }} />,
  <SelectInput key="type" source="type" choices={submissionTypeChoices} alwaysOn />,
  <SelectInput key="status" source="status" choices={submissionStatusChoices} alwaysOn />,
];

const Actions = () => (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

export const SubmissionList = () => {
  const translate = useTranslate();
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }} filters={makeFilters(translate('submissions.searchHelp'))} actions={<Actions />} exporter={submissionExporter}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateText source="created_at" withTime />
        <FunctionField source="type" render={(r) => translate(`submissions.types.${r.type}`)} />
        <FunctionField source="name" render={(r) => <bdi>{r.name}</bdi>} />
        <TextField source="student_number" emptyText="—" />
        <TextField source="email" emptyText="—" />
        <StatusChip label="resources.submissions.fields.status" />
        <SubmissionActions compact />
      </Datagrid>
    </List>
  );
};
