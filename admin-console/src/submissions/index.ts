import Inbox from '@mui/icons-material/Inbox';
import { SubmissionList } from './SubmissionList';
import { SubmissionShow } from './SubmissionShow';

export default { list: SubmissionList, show: SubmissionShow, icon: Inbox, recordRepresentation: 'name' };
