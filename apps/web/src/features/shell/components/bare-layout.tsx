import Box from '@mui/material/Box';
import { Outlet } from '@tanstack/react-router';
import { Themed } from '../../../ui/themed';
import { MainContent } from './main-content';

/**
 * Signed-in pages shown without the sidebar, such as the printable cerfa (docs/screens.md "Routes"), with
 * the MUI theme (the app has none: the light sign-in page, ADR 0007).
 */
export function BareLayout() {
  return (
    <Themed>
      <MainContent>
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <Outlet />
        </Box>
      </MainContent>
    </Themed>
  );
}
