import Box from '@mui/material/Box';
import { Outlet } from '@tanstack/react-router';
import { Themed } from '../../../ui/themed';
import { MainContent } from './main-content';

/**
 * Signed-in pages shown without the sidebar, such as the printable cerfa (spec 1 §2.1), with
 * the MUI theme (the app has none: issue 19's light sign-in page).
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
