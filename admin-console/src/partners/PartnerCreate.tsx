import { ContentCreate } from '../common/ContentForms';
import { useNextSortOrder } from '../common/useNextSortOrder';
import { PartnerInputs } from './PartnerInputs';

export const PartnerCreate = () => {
  const next = useNextSortOrder('partners');
  if (next === undefined) return null;
  return (
    <ContentCreate defaultValues={{ sort_order: next }}>
      <PartnerInputs />
    </ContentCreate>
  );
};
