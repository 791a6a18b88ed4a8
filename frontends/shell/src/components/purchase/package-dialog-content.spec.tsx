/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { CatalogSubject, CurrencyCode } from '@medtutor/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { chooseOption } from '../../testing/antd';
import { serveCatalogPerTest } from '../../testing/public-page';
import { dialog, location, renderOnHomePage, summary } from '../../testing/purchase-dialog';
import { PackageDialogContent } from './package-dialog-content';

serveCatalogPerTest();
// The first dialog to open loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
beforeEach(() => window.sessionStorage.clear());

function renderDialog(
  options: { signedIn?: boolean; title?: string; subject?: CatalogSubject; currency?: CurrencyCode } = {},
) {
  const onClose = jest.fn<() => void>();
  renderOnHomePage(
    <PackageDialogContent
      open
      onClose={onClose}
      packageType="package10"
      title={options.title}
      subject={options.subject}
      currency={options.currency}
    />,
    options.signedIn,
  );
  return onClose;
}

const buyButton = () => within(dialog()).getByRole('button', { name: 'Buy Now' }) as HTMLButtonElement;
const typeCode = (value: string) =>
  fireEvent.change(within(dialog()).getByLabelText('Discount code (optional)'), { target: { value } });

describe('PackageDialogContent', () => {
  it("is titled with the package's name unless the card gives one, and sums up its hours", () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: '10-Session Package' })).toBeTruthy();
    expect(summary('Package')).toBe('10-Session Package');
    expect(summary('Hours')).toBe('10 hours of tutoring');
    expect(summary('Price')).toBe('Choose a subject to see the price');
    expect(dialog().textContent).toContain('The code is checked and applied at checkout.');
  });

  it("takes the card's title", () => {
    renderDialog({ title: 'Best value' });
    expect(screen.getByRole('dialog', { name: 'Best value' })).toBeTruthy();
  });

  it('prices the package once a subject is chosen, and only then allows Buy Now', async () => {
    renderDialog({ currency: 'USD' });
    expect(buyButton().disabled).toBe(true);
    await chooseOption('Subject', 'Medical School Support');
    // £460 at 1.27 dollars to the pound.
    expect(summary('Price')).toBe('$584.20');
    expect(buyButton().disabled).toBe(false);
  });

  it('sends a signed-in student to checkout with the code trimmed and upper-cased', () => {
    const onClose = renderDialog({ signedIn: true, subject: 'Medical School Interviews' });
    typeCode('  welcome30 ');
    fireEvent.click(buyButton());

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(location()).toBe(
      '/checkout?subject=Medical+School+Interviews&packageType=package10&currency=GBP&discountCode=WELCOME30',
    );
  });

  it('leaves out a code of spaces', () => {
    renderDialog({ signedIn: true, subject: 'Medical School Interviews' });
    typeCode('   ');
    fireEvent.click(buyButton());
    expect(location()).toBe('/checkout?subject=Medical+School+Interviews&packageType=package10&currency=GBP');
  });

  it('sends a visitor with a code to sign in, the code riding in the redirect rather than the saved purchase', () => {
    renderDialog({ subject: 'Medical School Support' });
    typeCode('welcome30');
    fireEvent.click(buyButton());

    expect(location()).toBe(
      '/auth?redirect=%2Fcheckout%3Fsubject%3DMedical%2BSchool%2BSupport%26packageType%3Dpackage10%26currency%3DGBP%26discountCode%3DWELCOME30',
    );
    expect(window.sessionStorage.getItem('pendingPurchase')).toBeNull();
  });

  it('closes from Cancel without going anywhere', () => {
    const onClose = renderDialog({ subject: 'Medical School Support' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/');
  });
});
