import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { PRODUCT_NAME } from '@voirie/domain';
import { useEffect, useState } from 'react';
import { Themed } from '../../../ui/themed';
import { preloadToasts } from '../../../ui/toast/lazy-toast-viewport';
import { connectedUserQueryOptions, useLogout } from '../../auth';
import { usePublicConfig } from '../hooks/use-public-config';
import { sidebarEntries } from '../model/sidebar-entries';
import { AppFooter } from './app-footer';
import { MainContent } from './main-content';
import { SidebarNav } from './sidebar-nav';
import { SidebarUser } from './sidebar-user';

const DRAWER_WIDTH = 280;
const DRAWER_ID = 'menu-principal';

/**
 * The signed-in frame (docs/screens.md "Sidebar"): a top bar with the burger, the sidebar — persistent
 * from the md breakpoint, a temporary overlay below it — the page and the footer. It brings
 * the MUI theme to the signed-in pages (the app has none: the light sign-in page, ADR 0007).
 */
export function AppShell() {
  // A signed-in page has MUI already: the toasts' code is a small fetch, done now.
  useEffect(preloadToasts, []);
  return (
    <Themed>
      <AppShellFrame />
    </Themed>
  );
}

function AppShellFrame() {
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [isOpenWide, setIsOpenWide] = useState(true);
  const [isOpenNarrow, setIsOpenNarrow] = useState(false);
  const isOpen = isWide ? isOpenWide : isOpenNarrow;
  const toggle = () => (isWide ? setIsOpenWide((open) => !open) : setIsOpenNarrow((open) => !open));
  const closeIfNarrow = () => setIsOpenNarrow(false);

  // The route guard has loaded the user before this renders.
  const { data: user } = useQuery(connectedUserQueryOptions());
  const config = usePublicConfig();
  const logout = useLogout();
  const entries = user
    ? sidebarEntries(user, { hiddenAccountUserId: config?.hiddenAccountUserId ?? null })
    : [];

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" elevation={1} sx={{ zIndex: theme.zIndex.drawer + 1 }}>
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={isOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
            aria-expanded={isOpen}
            aria-controls={DRAWER_ID}
            onClick={toggle}
            sx={{ mr: 2 }}
          >
            <MenuIcon />
          </IconButton>
          <Typography component="p" variant="h6" noWrap sx={{ fontWeight: 700 }}>
            {PRODUCT_NAME}
          </Typography>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={isWide ? 'persistent' : 'temporary'}
        open={isOpen}
        onClose={closeIfNarrow}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { id: DRAWER_ID, sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } } }}
        // Only the persistent drawer takes room in the layout; the temporary one floats over it.
        sx={
          isWide
            ? {
                width: isOpen ? DRAWER_WIDTH : 0,
                flexShrink: 0,
                transition: theme.transitions.create('width'),
              }
            : undefined
        }
      >
        <Toolbar />
        {user && <SidebarUser user={user} />}
        <Divider />
        <SidebarNav entries={entries} onNavigate={closeIfNarrow} onLogout={() => logout.mutate()} />
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <MainContent>
          <Box sx={{ p: { xs: 2, sm: 3 } }}>
            <Outlet />
          </Box>
        </MainContent>
        <AppFooter />
      </Box>
    </Box>
  );
}
