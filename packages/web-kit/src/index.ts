export * from './api-client.js';
export * from './notice-viewport.js';
export * from './notices.js';
export * from './swr-config.js';
export * from './use-download.js';
