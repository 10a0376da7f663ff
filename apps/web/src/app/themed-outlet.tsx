import { Outlet } from '@tanstack/react-router';
import { Themed } from '../ui/themed';

/** A pathless route's component: its pages get the MUI theme, loaded with them (router.tsx). */
export function ThemedOutlet() {
  return (
    <Themed>
      <Outlet />
    </Themed>
  );
}
