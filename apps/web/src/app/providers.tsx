import '@mantine/core/styles.css';
import './global.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary.tsx';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  components: {
    // A required field's asterisk comes from global.css, not from a span inside the <label>: the
    // span's ' *' was part of the label's text, so getByLabel('Password', { exact: true }) found
    // nothing (decision 085).
    InputWrapper: { defaultProps: { withAsterisk: false } },
    // The modal's X button had no accessible name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A closed select kept its hidden listbox, labelled by the field's label, so
    // page.getByLabel('Provider') found two elements (decision 193). The input names the listbox
    // in aria-controls only while it is open, so nothing points at the unmounted one.
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
  },
});

// The page's CSP nonce, which the server puts in index.html (see vite.config.ts): Mantine's
// <style> elements must carry it or the browser drops them.
const styleNonce = () =>
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
// The same for the <style> a modal adds to lock page scrolling (react-remove-scroll reads it here).
setNonce(styleNonce());

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <MantineProvider theme={theme} getStyleNonce={styleNonce}>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
