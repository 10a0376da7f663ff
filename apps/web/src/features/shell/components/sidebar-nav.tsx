import AccountCircle from '@mui/icons-material/AccountCircle';
import Article from '@mui/icons-material/Article';
import ContactMail from '@mui/icons-material/ContactMail';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import Logout from '@mui/icons-material/Logout';
import OpenInNew from '@mui/icons-material/OpenInNew';
import People from '@mui/icons-material/People';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactElement } from 'react';
import { visuallyHidden } from '../../../ui';
import type { SidebarEntry, SidebarPath } from '../model/sidebar-entries';
import { SidebarLink } from './sidebar-link';

const PAGE_ICONS: Record<SidebarPath, ReactElement> = {
  '/dossiers': <Description />,
  '/destinataires': <ContactMail />,
  '/users': <People />,
  '/modeles': <Article />,
  '/account': <AccountCircle />,
};

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
              <SidebarLink to={entry.to} onClick={onNavigate} sx={CURRENT_PAGE}>
                <ListItemIcon>{PAGE_ICONS[entry.to]}</ListItemIcon>
                <ListItemText primary={entry.label} />
              </SidebarLink>
            )}
            {entry.kind === 'external' && (
              <ListItemButton component="a" href={entry.href} target="_blank" rel="noopener noreferrer">
                <ListItemIcon>
                  <Dashboard />
                </ListItemIcon>
                <ListItemText primary={entry.label} />
                <OpenInNew fontSize="small" aria-hidden="true" />
                <span style={visuallyHidden}> (nouvelle fenêtre)</span>
              </ListItemButton>
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
