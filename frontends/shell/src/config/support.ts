/** The support address shown to users: `SUPPORT_EMAIL`, the same setting the services read, fixed at build time. */
export const supportEmail = import.meta.env.SUPPORT_EMAIL;
