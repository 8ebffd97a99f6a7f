import BarChart from '@mui/icons-material/BarChart';
import { localizedRepresentation } from '../common/representation';
import { StatisticList } from './StatisticList';
import { StatisticCreate } from './StatisticCreate';
import { StatisticEdit } from './StatisticEdit';

export default {
  list: StatisticList,
  create: StatisticCreate,
  edit: StatisticEdit,
  icon: BarChart,
  recordRepresentation: localizedRepresentation('title'),
};
