/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Session } from '../../features/auth/session-context';
import { AtPath, admin, sessionWith, student } from '../../testing/session';
import { SiteHeader } from './site-header';

afterEach(cleanup);

function renderHeader(path = '/', session: Session = sessionWith()) {
  render(
    <AtPath path={path} session={session}>
      <SiteHeader />
    </AtPath>,
  );
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
const hrefOf = (name: string, inside: HTMLElement) => within(inside).getByRole('link', { name }).getAttribute('href');
/** The menu the toggle says it controls (hidden menus have no role to query by). */
const mobileMenu = () => {
  const menu = document.getElementById(screen.getByRole('button', { name: /menu$/ }).getAttribute('aria-controls')!);
  expect(menu?.getAttribute('aria-label')).toBe('Mobile');
  return menu!;
};
const location = () => screen.getByTestId('location').textContent;

describe('SiteHeader', () => {
  it("on the home page links to the page's own sections", () => {
    renderHeader('/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(linkNames(main)).toEqual(['Subjects', 'Tutors', 'Pricing', 'Success Stories']);
    expect(hrefOf('Success Stories', main)).toBe('/#success');
    expect(screen.getByRole('link', { name: 'MedPath Tutors' }).getAttribute('href')).toBe('/');
  });

  it('elsewhere offers Home and the About page', () => {
    renderHeader('/about');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(linkNames(main)).toEqual(['Home', 'Subjects', 'Pricing', 'About Us']);
    expect(hrefOf('About Us', main)).toBe('/about');
  });

  it('offers a visitor Login and Book Session', () => {
    renderHeader('/');
    const [login] = screen.getAllByRole('link', { name: 'Login' });
    expect(login?.getAttribute('href')).toBe('/auth');
    expect(login?.className).toBe('nav-link');
    expect(screen.getAllByRole('link', { name: 'Book Session' })[0]?.getAttribute('href')).toBe('/#contact');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('keeps the signed-out links unseen while the session is loading', () => {
    renderHeader('/', sessionWith({ isLoading: true }));
    expect(screen.getAllByRole('link', { name: 'Login' })[0]?.className).toBe('nav-link site-account__pending');
    expect(screen.getAllByRole('link', { name: 'Book Session' })[0]?.className).toBe('nav-cta site-account__pending');
  });

  it('offers a signed-in student My Tutoring and Logout, which ends the session', async () => {
    const session = sessionWith({ user: student });
    renderHeader('/', session);
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'My Tutoring' })[0]?.getAttribute('href')).toBe('/my-tutoring');

    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]!));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('offers an admin the Admin Dashboard', () => {
    renderHeader('/', sessionWith({ user: admin }));
    expect(screen.getAllByRole('link', { name: 'Admin Dashboard' })[0]?.getAttribute('href')).toBe('/admin-dashboard');
    expect(screen.queryByRole('link', { name: 'My Tutoring' })).toBeNull();
  });

  it('opens and closes the mobile menu from its toggle', () => {
    renderHeader('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(mobileMenu().hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close menu');
    expect(mobileMenu().hidden).toBe(false);
    expect(linkNames(mobileMenu())).toEqual([
      'Subjects',
      'Tutors',
      'Pricing',
      'Success Stories',
      'Login',
      'Book Session',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(mobileMenu().hidden).toBe(true);
  });

  it('closes the mobile menu on Escape and gives the focus back to its toggle', () => {
    renderHeader('/');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    within(mobileMenu()).getByRole('link', { name: 'Pricing' }).focus();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(mobileMenu().hidden).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });

  it('closes the mobile menu when one of its links is followed', () => {
    renderHeader('/about');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(within(mobileMenu()).getByRole('link', { name: 'Pricing' }));

    expect(location()).toBe('/#pricing');
    expect(mobileMenu().hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('ignores keys other than Escape while the menu is open', () => {
    renderHeader('/');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(mobileMenu().hidden).toBe(false);
  });
});
