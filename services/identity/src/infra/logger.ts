/** Nest injection token for the service's pino logger. */
export const LOGGER = Symbol('LOGGER');
