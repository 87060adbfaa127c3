import { z } from 'zod';

// The console's Content-Security-Policy has no 'unsafe-eval': zod's compiled parsers would probe
// `new Function` (a CSP violation in the browser). Set before any schema of this package parses.
z.config({ jitless: true });
