import { pageSettings } from './page-settings';

/**
 * The public origin (`PUBLIC_BASE_URL`, given at run time) for Open Graph and structured-data URLs:
 * the same in the prerendered HTML and in the browser, whichever address the page was opened at.
 */
export const publicOrigin = pageSettings.publicBaseUrl;
