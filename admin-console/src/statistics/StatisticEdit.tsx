import { ContentEdit } from '../common/ContentForms';
import { StatisticInputs } from './StatisticInputs';

export const StatisticEdit = () => (
  <ContentEdit>
    <StatisticInputs />
  </ContentEdit>
);
