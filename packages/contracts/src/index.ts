export * from './subjects.js';
export * from './envelope.js';
export * from './errors.js';
export * from './messages.js';
export * from './limits.js';
export * from './identity.js';
export * from './catalog.js';
export * from './fixtures.js';
