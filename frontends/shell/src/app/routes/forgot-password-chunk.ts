// The forgot-password dialog uses antd, so it comes in a chunk of its own, downloaded only when
// needed. A module of its own so a spec can stand in for the download and decide when it finishes.
export const loadForgotPasswordDialog = () => import('../../features/auth/components/forgot-password-dialog');
