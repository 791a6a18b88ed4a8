import { PAGE_SETTINGS_META, parsePageSettings } from '@medtutor/contracts';

/**
 * `PUBLIC_BASE_URL` and `SUPPORT_EMAIL` of the environment serving the page, which the gateway writes
 * into every page (one build for every environment). While the build prerenders the public pages
 * (Node: no document) they are the tokens the gateway replaces in that HTML, so the hydrating
 * browser reads the values the prerendered markup was served with.
 */
export const pageSettings = parsePageSettings(
  typeof document === 'undefined'
    ? null
    : document.querySelector(`meta[name="${PAGE_SETTINGS_META}"]`)?.getAttribute('content'),
);
