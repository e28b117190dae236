import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may, and probes for that once; under
// the dashboard's Content-Security-Policy (no 'unsafe-eval') the probe is a reported violation.
// The interpreted parser is plenty for the few objects the browser checks. Imported first in
// main.tsx: the probe runs when the first object schema is built, as the contracts load.
z.config({ jitless: true });
