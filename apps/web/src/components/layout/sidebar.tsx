import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BarChartIcon from '@mui/icons-material/BarChart';
import CategoryIcon from '@mui/icons-material/Category';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EventNoteIcon from '@mui/icons-material/EventNote';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import FolderSpecialIcon from '@mui/icons-material/FolderSpecial';
import FoundationIcon from '@mui/icons-material/Foundation';
import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import HubIcon from '@mui/icons-material/Hub';
import InsightsIcon from '@mui/icons-material/Insights';
import ListAltIcon from '@mui/icons-material/ListAlt';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import PersonIcon from '@mui/icons-material/Person';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SettingsInputComponentIcon from '@mui/icons-material/SettingsInputComponent';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import StackedLineChartIcon from '@mui/icons-material/StackedLineChart';
import TimelineIcon from '@mui/icons-material/Timeline';
import ViewListIcon from '@mui/icons-material/ViewList';
import ViewTimelineIcon from '@mui/icons-material/ViewTimeline';
import WidgetsIcon from '@mui/icons-material/Widgets';
import EngineeringIcon from '@mui/icons-material/Engineering';
import HandymanIcon from '@mui/icons-material/Handyman';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink } from 'react-router';
import { useIsWideScreen } from '@/hooks/use-is-wide-screen';
import { useSession } from '@/lib/auth';
import { sidebarColorValues, sidebarLook } from '@/lib/theme';
import type { SidebarLook } from '@/lib/theme';
import { selectMyProjects, useSignedInProjects } from '@/lib/projects-query';
import { useCurrentProject } from '@/lib/stores/project-store';
import { useSettingsStore } from '@/lib/stores/settings-store';
import { visuallyHidden } from '@/components/ui/visually-hidden';

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_MINI_WIDTH = 96;

type NavContext = { look: SidebarLook; activeGradient: string; isMini: boolean; onNavigate: () => void };

/** The look every sidebar row shares, link or group header. */
function rowSx(context: NavContext) {
  return {
    borderRadius: 1.5,
    mx: 1.5,
    my: 0.25,
    px: 1.5,
    color: context.look.text,
    justifyContent: context.isMini ? 'center' : 'flex-start',
  };
}

function SidebarLink({
  to,
  label,
  icon,
  context,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  context: NavContext;
}) {
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        component={NavLink}
        to={to}
        end
        onClick={context.onNavigate}
        sx={{
          ...rowSx(context),
          '&.active': {
            background: context.activeGradient,
            color: '#ffffff',
            boxShadow: '0 4px 12px rgba(0, 0, 0, 0.15)',
          },
          '&:hover:not(.active)': { backgroundColor: 'rgba(128, 128, 128, 0.15)' },
        }}
      >
        <ListItemIcon sx={{ color: 'inherit', minWidth: context.isMini ? 0 : 36 }}>{icon}</ListItemIcon>
        <ListItemText
          primary={label}
          sx={context.isMini ? visuallyHidden : undefined}
          slotProps={{ primary: { fontSize: '0.875rem' } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

function SidebarGroup({
  label,
  icon,
  isInitiallyOpen,
  context,
  listSx,
  children,
}: {
  label: string;
  icon: ReactNode;
  isInitiallyOpen: boolean;
  context: NavContext;
  /** the group's own list (a long list of projects scrolls inside it) */
  listSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const contentId = useId();
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        aria-expanded={isOpen}
        aria-controls={contentId}
        onClick={() => setIsOpen((value) => !value)}
        sx={rowSx(context)}
      >
        <ListItemIcon sx={{ color: 'inherit', minWidth: context.isMini ? 0 : 36 }}>{icon}</ListItemIcon>
        <ListItemText
          primary={label}
          sx={context.isMini ? visuallyHidden : undefined}
          slotProps={{ primary: { fontSize: '0.875rem', fontWeight: 600 } }}
        />
        {!context.isMini && (isOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
      </ListItemButton>
      <Collapse in={isOpen} timeout="auto" id={contentId}>
        <List disablePadding sx={[{ pl: context.isMini ? 0 : 1.5 }, ...(Array.isArray(listSx) ? listSx : [listSx])]}>
          {children}
        </List>
      </Collapse>
    </ListItem>
  );
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The sidebar's content: brand, user, project links, catalogues and users (product-spec.md §2 "Shell"). */
export function SidebarContent({
  look,
  isMini,
  onNavigate,
}: {
  look: SidebarLook;
  isMini: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const { user, isAdmin } = useSession();
  const currentProject = useCurrentProject();
  const projects = useSignedInProjects();
  const myProjects = useMemo(() => selectMyProjects(projects.data?.projects ?? []), [projects.data]);
  const sidebarColor = useSettingsStore((state) => state.sidebarColor);
  const context: NavContext = { look, activeGradient: sidebarColorValues[sidebarColor].gradient, isMini, onNavigate };
  const projectBase = `/projects/${currentProject?.id ?? 'current'}`;

  return (
    <Box sx={{ color: look.text, display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box
        component={RouterLink}
        to="/home"
        onClick={onNavigate}
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: isMini ? 'center' : 'flex-start',
          gap: 1.5,
          px: 3,
          py: 3,
          color: 'inherit',
          textDecoration: 'none',
        }}
      >
        <FoundationIcon aria-hidden sx={{ fontSize: 32, color: sidebarColorValues[sidebarColor].main }} />
        <Typography variant="h6" component="span" sx={isMini ? visuallyHidden : { fontWeight: 700 }}>
          {t('app.name')}
        </Typography>
      </Box>
      <Divider sx={{ borderColor: look.divider, mx: 2 }} />
      <Box component="nav" aria-label={t('nav.mainNavigation')} sx={{ py: 1 }}>
        <List disablePadding aria-label={t('nav.userSection')}>
          <ListItem
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: isMini ? 'center' : 'flex-start',
              gap: 1.5,
              px: 3,
              py: 1,
            }}
          >
            <Avatar src={user?.image ?? undefined} alt={user?.name ?? ''} sx={{ width: 36, height: 36 }}>
              {initialsOf(user?.name ?? '')}
            </Avatar>
            <Typography
              variant="body2"
              sx={isMini ? visuallyHidden : { fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }}
              data-testid="sidebar-user-name"
            >
              {user?.name}
            </Typography>
          </ListItem>
          <SidebarLink to="/profile/settings" label={t('nav.myProfile')} icon={<PersonIcon />} context={context} />
        </List>
        <Divider sx={{ borderColor: look.divider, mx: 2, my: 1 }} />
        <List disablePadding>
          <SidebarLink to="/projects/new" label={t('nav.newProject')} icon={<AddCircleIcon />} context={context} />
          <SidebarLink to="/projects" label={t('nav.projects')} icon={<FolderIcon />} context={context} />
          <SidebarGroup
            label={t('nav.myProjects')}
            icon={<FolderSpecialIcon />}
            isInitiallyOpen
            context={context}
            // a long list scrolls inside the group instead of pushing the rest of the menu away
            listSx={{ maxHeight: 240, overflowY: 'auto' }}
          >
            {myProjects.length === 0 ? (
              <Typography
                component="li"
                variant="body2"
                sx={{ color: look.mutedText, px: 3, py: 0.75, ...(isMini ? visuallyHidden : {}) }}
              >
                {t('nav.noProjects')}
              </Typography>
            ) : (
              myProjects.map((project) => (
                <SidebarLink
                  key={project._id}
                  to={`/projects/${project.id}`}
                  label={project.name}
                  icon={<FolderIcon fontSize="small" />}
                  context={context}
                />
              ))
            )}
          </SidebarGroup>
          {/* the spec's "current" group: named after the selected project, its links use the word
              'current' while none is selected */}
          <SidebarGroup
            label={currentProject?.name ?? t('nav.currentProject')}
            icon={<AccountTreeIcon />}
            isInitiallyOpen
            context={context}
          >
            <SidebarLink to={`${projectBase}/edp`} label={t('nav.edp')} icon={<ListAltIcon />} context={context} />
            <SidebarLink to={`${projectBase}/edc`} label={t('nav.edc')} icon={<HubIcon />} context={context} />
            <SidebarLink to={`${projectBase}/gantt`} label={t('nav.gantt')} icon={<TimelineIcon />} context={context} />
            {/* issue 36: the field screen (a phone, offline) */}
            <SidebarLink
              to={`${projectBase}/terreno`}
              label={t('nav.field')}
              icon={<EngineeringIcon />}
              context={context}
            />
            <SidebarLink
              to={`${projectBase}/linea-de-balance`}
              label={t('nav.lineOfBalance')}
              icon={<StackedLineChartIcon />}
              context={context}
            />
            <SidebarLink
              to={`${projectBase}/curva-s`}
              label={t('nav.sCurve')}
              icon={<ShowChartIcon />}
              context={context}
            />
            <SidebarLink
              to={`${projectBase}/histograma`}
              label={t('nav.resourceHistogram')}
              icon={<BarChartIcon />}
              context={context}
            />
            <SidebarLink
              to={`${projectBase}/estados-pago`}
              label={t('nav.estadosPago')}
              icon={<RequestQuoteIcon />}
              context={context}
            />
            {/* issue 36 */}
            <SidebarLink
              to={`${projectBase}/miembros`}
              label={t('nav.members')}
              icon={<GroupsIcon />}
              context={context}
            />
            {/* issue 36: the Last Planner */}
            <SidebarLink
              to={`${projectBase}/intermedia`}
              label={t('nav.lookAhead')}
              icon={<ViewTimelineIcon />}
              context={context}
            />
            <SidebarLink
              to={`${projectBase}/plan-semanal`}
              label={t('nav.weeklyPlan')}
              icon={<EventNoteIcon />}
              context={context}
            />
            <SidebarLink to={`${projectBase}/ppc`} label={t('nav.ppc')} icon={<InsightsIcon />} context={context} />
          </SidebarGroup>
        </List>
        <Divider sx={{ borderColor: look.divider, mx: 2, my: 1 }} />
        <List disablePadding>
          <SidebarGroup
            label={t('nav.administration')}
            icon={<AdminPanelSettingsIcon />}
            isInitiallyOpen
            context={context}
          >
            <SidebarLink
              to="/admin/actividades"
              label={t('nav.activities')}
              icon={<ViewListIcon />}
              context={context}
            />
            <SidebarLink to="/admin/tipos-area" label={t('nav.areaTypes')} icon={<CategoryIcon />} context={context} />
            <SidebarLink
              to="/admin/sistemas"
              label={t('nav.systems')}
              icon={<SettingsInputComponentIcon />}
              context={context}
            />
            <SidebarLink to="/admin/componentes" label={t('nav.components')} icon={<WidgetsIcon />} context={context} />
            {/* issue 35 */}
            <SidebarLink to="/admin/recursos" label={t('nav.resources')} icon={<EngineeringIcon />} context={context} />
            <SidebarLink to="/admin/oficios" label={t('nav.trades')} icon={<HandymanIcon />} context={context} />
            <SidebarLink
              to="/admin/valores-uf"
              label={t('nav.ufValues')}
              icon={<PriceChangeIcon />}
              context={context}
            />
            {/* issue 30 */}
            <SidebarLink
              to="/admin/registro-cambios"
              label={t('nav.changeLog')}
              icon={<ManageHistoryIcon />}
              context={context}
            />
            {/* issue 30: the 'Papelera', for administrators */}
            {isAdmin && (
              <SidebarLink to="/admin/papelera" label={t('nav.trash')} icon={<DeleteOutlineIcon />} context={context} />
            )}
          </SidebarGroup>
          <SidebarLink to="/usuarios/list" label={t('nav.users')} icon={<GroupIcon />} context={context} />
        </List>
      </Box>
    </Box>
  );
}

/**
 * Pinned open on screens wider than 1200 px (narrowed by 'Menú lateral angosto'); a drawer opened
 * from the navbar's menu button otherwise.
 */
export function Sidebar() {
  const isWide = useIsWideScreen();
  const sidebarType = useSettingsStore((state) => state.sidebarType);
  const isDarkMode = useSettingsStore((state) => state.isDarkMode);
  const isSidebarMini = useSettingsStore((state) => state.isSidebarMini);
  const isSidebarOpen = useSettingsStore((state) => state.isSidebarOpen);
  const setSidebarOpen = useSettingsStore((state) => state.setSidebarOpen);
  const isSidebarHidden = useSettingsStore((state) => state.isSidebarHidden);
  const isRtl = useSettingsStore((state) => state.isRtl);
  // transparent and white are wide-screen choices (product-spec.md §2): a drawer over the page is painted dark
  const look = sidebarLook(isWide ? sidebarType : 'dark', isDarkMode);
  const isMini = isWide && isSidebarMini;
  const width = isMini ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH;

  // a screen drawn without it (the pricing demo) hides it while open
  if (isSidebarHidden) return null;

  if (!isWide) {
    return (
      <Drawer
        variant="temporary"
        open={isSidebarOpen}
        onClose={() => setSidebarOpen(false)}
        // mounted when opened, not hidden on every phone screen: its closed slide measured the page
        // (a forced layout, ~110 ms of a 4× slower phone's first paint, issue 36)
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, background: look.background, border: 'none' } } }}
      >
        <SidebarContent look={look} isMini={false} onNavigate={() => setSidebarOpen(false)} />
      </Drawer>
    );
  }

  return (
    <Drawer
      variant="permanent"
      // right to left (the Arabic demo): MUI places the paper by its anchor's side, not the document's direction
      anchor={isRtl ? 'right' : 'left'}
      open
      sx={{ width: width + 32, flexShrink: 0, transition: 'width 200ms ease' }}
      slotProps={{
        paper: {
          sx: {
            width,
            m: 2,
            height: 'calc(100vh - 32px)',
            borderRadius: 3,
            border: 'none',
            background: look.background,
            boxShadow: look.shadow,
            transition: 'width 200ms ease',
            overflowX: 'hidden',
          },
        },
      }}
    >
      <SidebarContent look={look} isMini={isMini} onNavigate={() => undefined} />
    </Drawer>
  );
}
