import { ContentCreate } from '../common/ContentForms';
import { useNextSortOrder } from '../common/useNextSortOrder';
import { StatisticInputs } from './StatisticInputs';

export const StatisticCreate = () => {
  const next = useNextSortOrder('statistics');
  if (next === undefined) return null;
  return (
    <ContentCreate defaultValues={{ sort_order: next, icon: 'users', value: 0 }}>
      <StatisticInputs />
    </ContentCreate>
  );
};
