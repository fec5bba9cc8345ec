import { Router } from 'express';
import onHeaders from 'on-headers';

/**
 * Speculation Rules (docs/decisions/024-speculation-rules.md): the browser loads the reader's likely next
 * page ahead. The CSP (script-src 'self') blocks inline rule scripts, so the rules are a JSON file that
 * every HTML answer names in a `Speculation-Rules` header.
 */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
export const SPECULATION_RULES_TYPE = 'application/speculationrules+json';

/**
 * Reader pages: rendered ahead when the pointer rests on a link (or it is pressed, or focused). They are
 * plain reads; the one thing an article page writes, its view, waits until the page is shown.
 */
const READER_PAGES = ['/', '/article/*', '/category/*', '/news/*'];
/** Never loaded ahead: the sign-in screens, the dashboard and the API (`{/*}?` covers the bare path too). */
const NEVER = ['/auth{/*}?', '/dashboard{/*}?', '/api/*'];

/**
 * Patterns are URL patterns (https://urlpattern.spec.whatwg.org/) against links of this document. A path
 * pattern leaves the origin to the rules' own address, so only same-origin links match.
 */
export const SPECULATION_RULES = {
  prerender: [
    {
      source: 'document',
      where: { and: [{ href_matches: READER_PAGES }, { not: { href_matches: NEVER } }] },
      eagerness: 'moderate',
    },
  ],
  prefetch: [
    {
      source: 'document',
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: [...READER_PAGES, ...NEVER] } }] },
      eagerness: 'conservative',
    },
  ],
} as const;

const body = JSON.stringify(SPECULATION_RULES);

/**
 * Serves the rules and names them on every HTML answer: reader pages, the shell of the dashboard and the
 * auth screens, the not-found page. Mount it ahead of the routes whose HTML should carry the header.
 */
export function speculationRules(): Router {
  const router = Router();
  router.get(SPECULATION_RULES_PATH, (_req, res) => {
    res.set({ 'Content-Type': SPECULATION_RULES_TYPE, 'Cache-Control': 'public, max-age=3600' }).send(body);
  });
  router.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      // The type is known only when the answer's headers are written, whoever writes them.
      onHeaders(res, () => {
        if (/^text\/html\b/i.test(String(res.getHeader('Content-Type') ?? '')))
          res.setHeader('Speculation-Rules', `"${SPECULATION_RULES_PATH}"`);
      });
    }
    next();
  });
  return router;
}
