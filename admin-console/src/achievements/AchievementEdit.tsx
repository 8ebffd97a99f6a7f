import { ContentEdit } from '../common/ContentForms';
import { AchievementInputs } from './AchievementInputs';

export const AchievementEdit = () => (
  <ContentEdit>
    <AchievementInputs />
  </ContentEdit>
);
