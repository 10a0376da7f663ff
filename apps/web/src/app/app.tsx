import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { LoadingOverlay } from '../ui/loading-overlay';
import { LazyToastViewport } from '../ui/toast/lazy-toast-viewport';
import type { AppRouter } from './router';

// No MUI here: the theme comes with the layouts of the pages that use it (ui/themed.tsx), so
// that the sign-in page loads none; app/base.css is the baseline.
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <LoadingOverlay />
      <LazyToastViewport />
    </QueryClientProvider>
  );
}
