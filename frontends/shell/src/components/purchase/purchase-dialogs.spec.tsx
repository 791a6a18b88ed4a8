/** @jest-environment jsdom */
import '../../testing/text-encoding';
import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';

// jest reads no CSS (the build does).
jest.mock('./lazy-dialog.css', () => ({}));

/** Which dialog modules have run: the antd providers are imported by them alone. */
let antdProvidersLoaded = false;
jest.mock('../../app/antd-providers', () => {
  antdProvidersLoaded = true;
  const { App, ConfigProvider } = jest.requireActual<typeof import('antd')>('antd');
  return {
    AntdProviders: ({ children }: { children: ReactNode }) => (
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>{children}</App>
      </ConfigProvider>
    ),
  };
});

const { PublicPageProviders, serveCatalogPerTest } =
  jest.requireActual<typeof import('../../testing/public-page')>('../../testing/public-page');
const { BookingDialog } = jest.requireActual<typeof import('./booking-dialog')>('./booking-dialog');
const { PackageDialog } = jest.requireActual<typeof import('./package-dialog')>('./package-dialog');

serveCatalogPerTest();

async function show(dialog: ReactNode) {
  await act(async () => {
    render(<PublicPageProviders>{dialog}</PublicPageProviders>);
  });
}

// The first open imports antd itself, which takes jest several seconds.
describe('the purchase dialogs: antd loads when one opens', () => {
  it('a closed dialog renders nothing and loads no antd', async () => {
    await show(
      <>
        <BookingDialog open={false} onClose={() => undefined} currency="GBP" />
        <PackageDialog open={false} onClose={() => undefined} packageType="package5" currency="GBP" />
      </>,
    );
    expect(document.body.textContent).toBe('');
    expect(antdProvidersLoaded).toBe(false);
  });

  it('the booking dialog opens with Proceed disabled until a subject is chosen and the terms accepted', async () => {
    await show(<BookingDialog open onClose={() => undefined} currency="GBP" />);
    const dialog = await screen.findByRole('dialog', { name: 'Book a Session' }, { timeout: 10_000 });
    expect(antdProvidersLoaded).toBe(true);
    expect(dialog.textContent).toContain('Choose a subject to see the price');
    expect(screen.getByRole('button', { name: 'Proceed' }).hasAttribute('disabled')).toBe(true);
  }, 30_000);

  it('the package dialog opens under the card title with Buy Now disabled until a subject is chosen', async () => {
    await show(
      <PackageDialog open onClose={() => undefined} packageType="package5" title="5-Session Package" currency="GBP" />,
    );
    const dialog = await screen.findByRole('dialog', { name: '5-Session Package' }, { timeout: 10_000 });
    expect(dialog.textContent).toContain('5 hours of tutoring');
    expect(screen.getByRole('button', { name: 'Buy Now' }).hasAttribute('disabled')).toBe(true);
  }, 30_000);
});
