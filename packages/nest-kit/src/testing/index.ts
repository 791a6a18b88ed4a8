export * from './infra.js';
export * from './eventually.js';
export * from './private-nats.js';
export * from './service-process.js';
export * from './service-under-test.js';
export * from './actor-assertions.js';
export * from './signed-rpc.js';
export * from './tracing.js';
