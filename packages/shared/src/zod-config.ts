// Only zod's core config (kept apart from the schemas, so the login page's bundle stays small).
import { config } from 'zod/v4/core';

// The console's Content-Security-Policy has no 'unsafe-eval': zod's compiled parsers would probe
// `new Function` (a CSP violation in the browser). Set before any schema of this package parses.
config({ jitless: true });
