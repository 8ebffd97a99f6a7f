import MenuBook from '@mui/icons-material/MenuBook';
import { localizedRepresentation } from '../common/representation';
import { BookList } from './BookList';
import { BookCreate } from './BookCreate';
import { BookEdit } from './BookEdit';

export default {
  list: BookList,
  create: BookCreate,
  edit: BookEdit,
  icon: MenuBook,
  recordRepresentation: localizedRepresentation('title'),
};
