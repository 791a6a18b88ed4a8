/// <reference types="@rsbuild/core/types" />

interface RsbuildTypeOptions {
  strictImportMetaEnv: true;
}

/**
 * Build-time settings: the social links (config/social.ts), the same in every environment. Settings
 * that differ per environment come at run time (config/page-settings.ts).
 */
interface ImportMetaEnv {
  readonly PUBLIC_WHATSAPP_URL?: string;
  readonly PUBLIC_INSTAGRAM_URL?: string;
  readonly PUBLIC_TIKTOK_URL?: string;
  readonly PUBLIC_LINKEDIN_URL?: string;
}
