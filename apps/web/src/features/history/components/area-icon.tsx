import type { HistoryArea } from '@cimiento/domain';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import FolderIcon from '@mui/icons-material/Folder';
import HubIcon from '@mui/icons-material/Hub';
import PaidIcon from '@mui/icons-material/Paid';
import TimelineIcon from '@mui/icons-material/Timeline';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { SvgIconProps } from '@mui/material/SvgIcon';

const icons = {
  project: FolderIcon,
  edp: AccountTreeIcon,
  edc: HubIcon,
  gantt: TimelineIcon,
  tracking: TrendingUpIcon,
  costs: PaidIcon,
  lastPlanner: EventAvailableIcon,
} as const satisfies Record<HistoryArea, unknown>;

/** The timeline's icon for what a save touched (the same icons as the project home's buttons). */
export function AreaIcon({ area, ...props }: { area: HistoryArea } & SvgIconProps) {
  const Icon = icons[area];
  return <Icon {...props} />;
}
