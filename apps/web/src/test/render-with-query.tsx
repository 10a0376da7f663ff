import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactElement } from 'react';
import { createAppQueryClient } from '../app/query-client';
import { ToastViewport } from '../ui';

/** One component with the app's query client (no router), as a feature's component test needs. */
export function renderWithQuery(element: ReactElement) {
  const queryClient = createAppQueryClient();
  const user = userEvent.setup();
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>
    </StrictMode>,
  );
  return { queryClient, user };
}

/** The same, with the toasts beside it, for a screen that says in a toast what it did. */
export function renderWithToasts(element: ReactElement) {
  return renderWithQuery(
    <>
      {element}
      <ToastViewport />
    </>,
  );
}
