import { ContentEdit } from '../common/ContentForms';
import { BoardMemberInputs } from './BoardMemberInputs';

export const BoardMemberEdit = () => (
  <ContentEdit>
    <BoardMemberInputs />
  </ContentEdit>
);
