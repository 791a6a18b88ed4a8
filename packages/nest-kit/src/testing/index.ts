export * from './infra.js';
export * from './private-nats.js';
