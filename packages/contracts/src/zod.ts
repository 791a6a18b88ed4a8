import { z } from 'zod';

/*
 * The one zod every schema here is built with. The site's CSP has no 'unsafe-eval'; zod compiles object
 * parsers with `new Function` where it can, and probes for that when the first object schema is
 * built: in a browser the CSP blocks the probe and Chrome reports the violation (Lighthouse best
 * practices: "Issues were logged"). Browsers therefore parse without the compiled path; Node keeps it.
 * This module has a side effect, so package.json lists it under "sideEffects".
 */
if ('window' in globalThis) z.config({ jitless: true });

export { z };
