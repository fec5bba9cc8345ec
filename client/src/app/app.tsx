import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toast';
import { SessionProvider } from '../lib/session';
import { SiteProvider } from '../lib/site';

/**
 * The providers around the router, the same in the browser and on the server: the query cache (filled
 * on the server, then handed over to the browser), the session, the toasts and the site's address.
 */
export function App({ queryClient, origin, children }: { queryClient: QueryClient; origin: string; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SiteProvider origin={origin}>
          <SessionProvider>
            {children}
            <Toaster />
          </SessionProvider>
        </SiteProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
