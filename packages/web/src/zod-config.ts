import { z } from 'zod';

// The server's Content-Security-Policy allows no eval. zod compiles a fast parser for each object
// schema with `new Function` after probing whether eval works, and the probe alone is reported as
// a CSP violation. Imported first by main.tsx, before any schema is built (each checks at creation).
z.config({ jitless: true });
