/** Nest injection token for the service's pino logger (the platform logger from nest-kit). */
export const LOGGER = Symbol('LOGGER');
