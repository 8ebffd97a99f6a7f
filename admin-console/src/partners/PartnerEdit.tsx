import { ContentEdit } from '../common/ContentForms';
import { PartnerInputs } from './PartnerInputs';

export const PartnerEdit = () => (
  <ContentEdit>
    <PartnerInputs />
  </ContentEdit>
);
