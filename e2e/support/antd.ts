import { expect, type Page } from '@playwright/test';

/**
 * Picks an option in the open antd Select. antd 6 keeps a hidden listbox for assistive technology
 * (the `role=option` nodes, which are never visible) and draws the visible items without a role;
 * the visible item carries the option's label as its title. The list is taken only once its opening
 * motion has ended: while it grows from scale(0), a click lands beside the moving item and closes
 * the list without choosing anything.
 */
export async function chooseOption(page: Page, name: string): Promise<void> {
  await page
    .locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"]) .ant-select-item-option',
    )
    .and(page.getByTitle(name, { exact: true }))
    .click();
}

/**
 * Presses the button named `name` in the open antd Popconfirm, once the confirmation has finished
 * opening: a click during its opening motion reaches the button but never calls its handler (seen in
 * CI twice, on a refund and on a booking's cancellation: no request was sent).
 */
export async function confirmPopconfirm(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await expect(page.locator('.ant-popconfirm').filter({ has: button })).not.toHaveClass(/-(appear|enter)\b/);
  await button.click();
}
