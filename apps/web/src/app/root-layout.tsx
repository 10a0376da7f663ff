import { Navigate, Outlet } from '@tanstack/react-router';
import { DemoPreparationNotice, SkipLink, useFocusMainOnNavigation } from '../features/shell';

export function RootLayout() {
  useFocusMainOnNavigation();
  return (
    <>
      <SkipLink />
      <Outlet />
      <DemoPreparationNotice />
    </>
  );
}

/** Unknown paths go to /404 (docs/screens.md "Routes"). */
export function RedirectToNotFound() {
  return <Navigate to="/404" replace />;
}
