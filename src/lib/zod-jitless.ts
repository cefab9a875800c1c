// Zod compiles its object parsers with `new Function` unless told not to, and first probes
// whether it may: under the app's Content-Security-Policy (no 'unsafe-eval': server/static.ts)
// that probe is a policy violation the browser reports on every page. Jitless mode (a
// documented Zod setting) parses without it. Imported first by the entry, before any schema
// parses.
import { config } from 'zod/v4/core';

config({ jitless: true });
