/** The support address: `SUPPORT_EMAIL`, the setting the shell and the services read, fixed at build time. */
export const supportEmail = import.meta.env.SUPPORT_EMAIL;
