import type { RequestHandler } from 'express';

/**
 * Refuses a form posted from another site's page (403): one the server answers as a reader's own act, which a page
 * elsewhere could otherwise make each of its visitors' browsers send (from their own networks, past the per-network
 * limits). Browsers say where a post comes from: `Sec-Fetch-Site`, else `Origin`; a client that sends neither (curl) is
 * not a browser carried there by another site.
 */
export function sameSiteOnly(publicUrl: string): RequestHandler {
  const site = new URL(publicUrl).origin;
  return (req, res, next) => {
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const crossSite = fetchSite === 'cross-site' || (fetchSite !== 'same-origin' && origin !== undefined && origin !== site);
    if (!crossSite) return next();
    res.status(403).type('text/plain').send('This form may only be sent from this site.');
  };
}
