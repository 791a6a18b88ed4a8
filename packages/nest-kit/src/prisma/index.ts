// `@medtutor/nest-kit/prisma`: what a service's prisma.config.ts uses, kept out of the runtime entry.
export * from './kit-models.js';
