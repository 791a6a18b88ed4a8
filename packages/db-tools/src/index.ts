export * from './migrations.js';
export { withSchemaEngine, type SchemaFile } from './schema-engine.js';
