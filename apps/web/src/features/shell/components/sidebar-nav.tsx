import AccountCircle from '@mui/icons-material/AccountCircle';
import Article from '@mui/icons-material/Article';
import Business from '@mui/icons-material/Business';
import ContactMail from '@mui/icons-material/ContactMail';
import Construction from '@mui/icons-material/Construction';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import EditNote from '@mui/icons-material/EditNote';
import Engineering from '@mui/icons-material/Engineering';
import EventNote from '@mui/icons-material/EventNote';
import FolderOpen from '@mui/icons-material/FolderOpen';
import HourglassBottom from '@mui/icons-material/HourglassBottom';
import Gavel from '@mui/icons-material/Gavel';
import Logout from '@mui/icons-material/Logout';
import People from '@mui/icons-material/People';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactElement } from 'react';
import type { SidebarEntry, SidebarPath } from '../model/sidebar-entries';
import { SidebarLink } from './sidebar-link';

const PAGE_ICONS: Record<SidebarPath, ReactElement> = {
  '/dossiers': <Description />,
  '/brouillons': <EditNote />,
  '/destinataires': <ContactMail />,
  '/users': <People />,
  '/modeles': <Article />,
  '/groups/operator': <Business />,
  '/groups/soustraitant': <Engineering />,
  '/statistics': <Dashboard />,
  '/delais': <HourglassBottom />,
  '/registre': <Gavel />,
  '/coordination': <Construction />,
  '/chantiers': <EventNote />,
  '/documents': <FolderOpen />,
  '/account': <AccountCircle />,
};

/** The router's link to a sidebar page: the groups pages are the `/groups/$type` route. */
function linkTo(path: SidebarPath) {
  if (path === '/groups/operator') return { to: '/groups/$type', params: { type: 'operator' } } as const;
  if (path === '/groups/soustraitant')
    return { to: '/groups/$type', params: { type: 'soustraitant' } } as const;
  return { to: path };
}

const CURRENT_PAGE = {
  '&[aria-current="page"]': {
    bgcolor: 'action.selected',
    fontWeight: 700,
    boxShadow: 'inset 4px 0 0 currentColor',
  },
};

interface SidebarNavProps {
  entries: SidebarEntry[];
  onNavigate: () => void;
  onLogout: () => void;
}

export function SidebarNav({ entries, onNavigate, onLogout }: SidebarNavProps) {
  return (
    <nav aria-label="Menu principal">
      <List>
        {entries.map((entry) => (
          <ListItem key={entry.label} disablePadding>
            {entry.kind === 'page' && (
              <SidebarLink {...linkTo(entry.to)} onClick={onNavigate} sx={CURRENT_PAGE}>
                <ListItemIcon>{PAGE_ICONS[entry.to]}</ListItemIcon>
                <ListItemText primary={entry.label} />
              </SidebarLink>
            )}
            {entry.kind === 'logout' && (
              <ListItemButton component="button" onClick={onLogout}>
                <ListItemIcon>
                  <Logout />
                </ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            )}
          </ListItem>
        ))}
      </List>
    </nav>
  );
}
