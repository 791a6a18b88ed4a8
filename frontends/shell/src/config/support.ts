import { pageSettings } from './page-settings';

/** The support address shown to users: `SUPPORT_EMAIL`, the setting the services read, given at run time. */
export const supportEmail = pageSettings.supportEmail;
