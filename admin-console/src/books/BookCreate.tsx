import { ContentCreate } from '../common/ContentForms';
import { BookInputs } from './BookInputs';

export const BookCreate = () => (
  <ContentCreate defaultValues={{ available: true }}>
    <BookInputs />
  </ContentCreate>
);
