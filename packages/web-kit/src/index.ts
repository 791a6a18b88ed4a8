export * from './api-client.js';
export * from './notices.js';
export * from './swr-config.js';
