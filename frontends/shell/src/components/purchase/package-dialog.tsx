import type { PackageDialogProps } from './package-dialog-content';
import { lazyDialog } from './lazy-dialog';

const packageDialog = lazyDialog<PackageDialogProps>(() =>
  import(/* webpackChunkName: "package-dialog" */ './package-dialog-content').then((m) => m.PackageDialogContent),
);

/**
 * Buying a package (package-dialog-content.tsx). Renders nothing until first opened, then loads the
 * antd dialog; pages that offer it download none of antd at load.
 */
export const PackageDialog = packageDialog.Dialog;

/** Starts the download before the click: for the pointer-enter and focus of the buttons that open it. */
export const prefetchPackageDialog = packageDialog.prefetch;
