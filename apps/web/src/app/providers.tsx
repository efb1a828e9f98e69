import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorAlertDialog } from '@/components/error-alert/error-alert-dialog';
import { createQueryClient } from './query-client';
import { theme } from '@/config/theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <ErrorAlertDialog />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
