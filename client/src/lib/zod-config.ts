import { config } from 'zod';

// The CSP forbids eval (script-src 'self'): zod must not even probe for its compiled fast path in the
// browser (`new Function`), which Chromium reports as a CSP violation. Imported by the entry module of each
// chunk that validates with zod in the browser (comments, auth, dashboard); the reader's entry has no zod.
config({ jitless: true });
