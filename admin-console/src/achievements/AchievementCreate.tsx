import { ContentCreate } from '../common/ContentForms';
import { AchievementInputs } from './AchievementInputs';

export const AchievementCreate = () => (
  <ContentCreate>
    <AchievementInputs />
  </ContentCreate>
);
