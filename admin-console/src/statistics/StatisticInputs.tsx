import { NumberInput, SelectInput, required } from 'react-admin';
import { Box } from '@mui/material';
import { LocalizedTextInput } from '../common/LocalizedTextInput';
import { statisticIconChoices } from '../common/choices';
import { nonNegativeInteger } from '../common/validators';

export const StatisticInputs = () => (
  <Box sx={{ width: '100%' }}>
    <LocalizedTextInput source="title" />
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <NumberInput source="value" validate={nonNegativeInteger} min={0} step={1} />
      <SelectInput source="icon" choices={statisticIconChoices} validate={required()} />
      <NumberInput source="sort_order" validate={nonNegativeInteger} min={0} step={1} />
    </Box>
  </Box>
);
