import { ContentEdit } from '../common/ContentForms';
import { BookInputs } from './BookInputs';

export const BookEdit = () => (
  <ContentEdit>
    <BookInputs />
  </ContentEdit>
);
