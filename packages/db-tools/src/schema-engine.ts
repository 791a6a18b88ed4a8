import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine } from '@prisma/schema-engine-wasm/schema_engine_bg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { shadowAwareAdapterFactory } from './pg-adapter.js';

// The compile targets Node without the DOM lib, which is where TypeScript declares WebAssembly.
declare const WebAssembly: {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
};

let initialised: Promise<void> | undefined;

/**
 * Instantiates Prisma's schema engine Wasm once per process. The package's own entry imports the
 * `.wasm` file as an ES module, which Node 20 cannot do, so the bindings are wired up by hand.
 */
function initialiseWasm(): Promise<void> {
  initialised ??= (async () => {
    const bindingsPath = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await readFile(bindingsPath.replace(/\.js$/, '.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': engineBindings });
    engineBindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return initialised;
}

export interface SchemaFile {
  path: string;
  content: string;
}

/**
 * Runs `work` with a schema engine whose shadow databases live on the server of `shadowAdminUrl`.
 * The engine is freed afterwards; the Wasm instance stays for the next call.
 */
export async function withSchemaEngine<T>(
  options: { shadowAdminUrl: string; schemaFiles: SchemaFile[] },
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await initialiseWasm();
  const factory = shadowAwareAdapterFactory(options.shadowAdminUrl);
  try {
    const engine = await engineBindings.SchemaEngine.new(
      { datamodels: options.schemaFiles.map((file) => [file.path, file.content]) },
      // The engine reports its tracing as JSON lines; its errors reach us as rejected promises.
      () => undefined,
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    try {
      return await work(engine);
    } finally {
      engine.free();
    }
  } finally {
    await factory.close();
  }
}
