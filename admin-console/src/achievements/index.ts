import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { localizedRepresentation } from '../common/representation';
import { AchievementList } from './AchievementList';
import { AchievementCreate } from './AchievementCreate';
import { AchievementEdit } from './AchievementEdit';

export default {
  list: AchievementList,
  create: AchievementCreate,
  edit: AchievementEdit,
  icon: EmojiEvents,
  recordRepresentation: localizedRepresentation('title'),
};
