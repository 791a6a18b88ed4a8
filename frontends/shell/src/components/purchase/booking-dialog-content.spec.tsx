/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { CatalogSubject, CurrencyCode } from '@medtutor/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { chooseOption } from '../../testing/antd';
import { serveCatalogPerTest } from '../../testing/public-page';
import { dialog, location, renderOnHomePage, summary } from '../../testing/purchase-dialog';
import { BookingDialogContent } from './booking-dialog-content';

serveCatalogPerTest();
// The first dialog to open loads antd, which takes jest several seconds.
jest.setTimeout(20_000);
beforeEach(() => window.sessionStorage.clear());

function renderDialog(
  options: { signedIn?: boolean; freeTrial?: boolean; subject?: CatalogSubject; currency?: CurrencyCode } = {},
) {
  const onClose = jest.fn<() => void>();
  renderOnHomePage(
    <BookingDialogContent
      open
      onClose={onClose}
      freeTrial={options.freeTrial}
      subject={options.subject}
      currency={options.currency}
    />,
    options.signedIn,
  );
  return onClose;
}

const proceedButton = () => within(dialog()).getByRole('button', { name: 'Proceed' }) as HTMLButtonElement;
const acceptTerms = () => fireEvent.click(within(dialog()).getByRole('checkbox'));

describe('BookingDialogContent', () => {
  it('asks for a subject first, then shows its price for one hour', async () => {
    renderDialog();
    expect(within(dialog()).getByText('Book a Session')).toBeTruthy();
    expect(summary('Subject')).toBe('Not chosen yet');
    expect(summary('Session')).toBe('Single session, 1 hour');
    expect(summary('Price')).toBe('Choose a subject to see the price');
    expect(dialog().textContent).toContain('You pay securely by card at checkout.');

    await chooseOption('Subject', 'Medical School Support');
    expect(summary('Subject')).toBe('Medical School Support');
    expect(summary('Price')).toBe('£50');
  });

  it("prices in the page's currency", async () => {
    renderDialog({ currency: 'USD', subject: 'Medical School Support' });
    // £50 at 1.27 dollars to the pound.
    expect(summary('Price')).toBe('$63.50');
  });

  it('lists UCAT as unavailable and does not let it be chosen', async () => {
    renderDialog();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Subject' }));
    const ucat = await screen.findByTitle('UCAT (Currently Unavailable)');
    expect(ucat.classList.contains('ant-select-item-option-disabled')).toBe(true);
    await act(async () => fireEvent.click(ucat));
    expect(summary('Subject')).toBe('Not chosen yet');
  });

  it('keeps Proceed disabled until a subject is chosen and the terms accepted', async () => {
    renderDialog();
    expect(proceedButton().disabled).toBe(true);
    acceptTerms();
    expect(proceedButton().disabled).toBe(true);
    await chooseOption('Subject', 'Medical School Interviews');
    expect(proceedButton().disabled).toBe(false);
    acceptTerms();
    expect(proceedButton().disabled).toBe(true);
  });

  it('sends a signed-in student to checkout for one session in the chosen currency', async () => {
    const onClose = renderDialog({ signedIn: true, currency: 'EUR' });
    await chooseOption('Subject', 'Medical School Interviews');
    acceptTerms();
    fireEvent.click(proceedButton());

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/checkout?subject=Medical+School+Interviews&packageType=singleSession&currency=EUR');
  });

  it('sends a visitor to sign in first, remembering the purchase for after', async () => {
    renderDialog({ subject: 'Medical School Support' });
    acceptTerms();
    fireEvent.click(proceedButton());

    expect(location()).toBe(
      '/auth?redirect=%2Fcheckout%3Fsubject%3DMedical%2BSchool%2BSupport%26packageType%3DsingleSession%26currency%3DGBP',
    );
    expect(JSON.parse(window.sessionStorage.getItem('pendingPurchase') ?? 'null')).toEqual({
      subject: 'Medical School Support',
      packageType: 'singleSession',
      currency: 'GBP',
    });
  });

  it('books a free trial through the contact form, free of charge', async () => {
    const onClose = renderDialog({ freeTrial: true, signedIn: true });
    expect(within(dialog()).getByText('Book Your Free Trial Session')).toBeTruthy();
    expect(summary('Session')).toBe('Free trial, 15-30 minutes');
    expect(summary('Price')).toBe('Free');
    expect(dialog().textContent).not.toContain('You pay securely');

    await chooseOption('Subject', 'Medical School Support');
    acceptTerms();
    fireEvent.click(proceedButton());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/contact');
  });

  it('opens the terms in a new tab and closes from Cancel without going anywhere', () => {
    const onClose = renderDialog();
    const terms = within(dialog()).getByRole('link', { name: 'Terms and Conditions' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(terms.getAttribute('target')).toBe('_blank');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/');
  });
});
