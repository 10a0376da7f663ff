import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { LoadingOverlay, ToastViewport } from '../ui';
import type { AppRouter } from './router';
import { theme } from './theme';

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <LoadingOverlay />
        <ToastViewport />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
