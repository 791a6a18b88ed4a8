import { PAGE_SETTINGS_META, parsePageSettings } from '@medtutor/contracts';

/**
 * The support address: `SUPPORT_EMAIL`, which the gateway writes into the shell's page this remote
 * runs in (one build for every environment).
 */
export const supportEmail = parsePageSettings(
  document.querySelector(`meta[name="${PAGE_SETTINGS_META}"]`)?.getAttribute('content'),
).supportEmail;
