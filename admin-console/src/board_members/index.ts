import Groups from '@mui/icons-material/Groups';
import { localizedRepresentation } from '../common/representation';
import { BoardMemberList } from './BoardMemberList';
import { BoardMemberCreate } from './BoardMemberCreate';
import { BoardMemberEdit } from './BoardMemberEdit';

export default {
  list: BoardMemberList,
  create: BoardMemberCreate,
  edit: BoardMemberEdit,
  icon: Groups,
  recordRepresentation: localizedRepresentation('name'),
};
