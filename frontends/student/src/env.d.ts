/// <reference types="@rsbuild/core/types" />

interface RsbuildTypeOptions {
  strictImportMetaEnv: true;
}

/** Build-time settings (see config/support.ts and rsbuild.config.ts). */
interface ImportMetaEnv {
  readonly SUPPORT_EMAIL: string;
}
