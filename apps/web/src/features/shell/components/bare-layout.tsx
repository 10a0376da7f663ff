import Box from '@mui/material/Box';
import { Outlet } from '@tanstack/react-router';
import { MainContent } from './main-content';

/** Signed-in pages shown without the sidebar, such as the printable cerfa (spec 1 §2.1). */
export function BareLayout() {
  return (
    <MainContent>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Outlet />
      </Box>
    </MainContent>
  );
}
