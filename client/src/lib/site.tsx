import { createContext, useContext, type ReactNode } from 'react';

/**
 * The site's public origin (PUBLIC_URL), for links that leave the site (share links). The server knows it
 * from its configuration and hands it to the browser with the page's data, so both render the same links.
 */
const SiteContext = createContext<string>('');

export function SiteProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <SiteContext.Provider value={origin}>{children}</SiteContext.Provider>;
}

export function useSiteOrigin(): string {
  return useContext(SiteContext);
}
