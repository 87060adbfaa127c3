import { z } from 'zod';

// The CSP has no 'unsafe-eval': zod's compiled parsers would probe `new Function` and trip it.
z.config({ jitless: true });
