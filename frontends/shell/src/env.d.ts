/// <reference types="@rsbuild/core/types" />

interface RsbuildTypeOptions {
  strictImportMetaEnv: true;
}

/** Build-time settings (see config/origin.ts, config/social.ts, config/support.ts and rsbuild.config.ts). */
interface ImportMetaEnv {
  readonly SUPPORT_EMAIL: string;
  readonly PUBLIC_BASE_URL: string;
  readonly PUBLIC_WHATSAPP_URL?: string;
  readonly PUBLIC_INSTAGRAM_URL?: string;
  readonly PUBLIC_TIKTOK_URL?: string;
  readonly PUBLIC_LINKEDIN_URL?: string;
}
