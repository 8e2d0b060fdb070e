import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, Modal, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { retryOnce } from './api/client';

/**
 * Shade 8 of each color, and black text wherever white would be too faint, keep buttons and badges
 * above the WCAG AA contrast ratio (Mantine's defaults do not; the browser tests check with axe-core).
 */
const theme = createTheme({
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.2,
  // Users who ask their system for less motion get dialogs and menus without transitions.
  respectReducedMotion: true,
  // Icon-only buttons get a name (axe: button-name).
  components: { Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close the dialog' } } }) },
});

/** Mantine's "dimmed" (descriptions, hints) is gray 6, below AA on white: gray 7 instead. */
const readableDimmed: CSSVariablesResolver = () => ({ variables: {}, light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' }, dark: {} });

const queries = new QueryClient({ defaultOptions: { queries: { retry: retryOnce, refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={readableDimmed} defaultColorScheme="light">
      <Notifications position="top-right" />
      <QueryClientProvider client={queries}>
        <BrowserRouter basename="/admin">
          <App />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
