/** @jest-environment jsdom */
import '../../testing/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { SocialLink } from '../../config/social';

// The profiles come from build-time variables: one configured profile stands in for them.
const Icon = () => <svg aria-hidden="true" />;
const socialLinks: SocialLink[] = [{ label: 'Instagram', url: 'https://instagram.example/medpath', Icon }];
jest.mock('../../config/social', () => ({ socialLinks }));
const { AtPath } = jest.requireActual<typeof import('../../testing/session')>('../../testing/session');
const { SiteFooter } = jest.requireActual<typeof import('./site-footer')>('./site-footer');

afterEach(cleanup);

function renderFooter() {
  render(
    <AtPath path="/about">
      <SiteFooter />
    </AtPath>,
  );
}

const links = (nav: string) =>
  within(screen.getByRole('navigation', { name: nav }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('SiteFooter', () => {
  it('links every subject page, in the catalog order', () => {
    renderFooter();
    expect(links('Subjects')).toEqual([
      ['UCAT', '/ucat'],
      ['Medical School Interviews', '/medical-school-interviews'],
      ['Medical School Support', '/medical-school-support'],
    ]);
  });

  it('links the company pages, the terms in a new tab that says so', () => {
    renderFooter();
    expect(links('Company')).toEqual([
      ['About Us', '/about'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms and Conditions (opens in a new tab)', '/terms'],
    ]);
    expect(screen.getByRole('link', { name: /^Terms and Conditions/ }).getAttribute('target')).toBe('_blank');
  });

  it('links the configured social profiles in a new tab', () => {
    renderFooter();
    const profile = within(screen.getByRole('navigation', { name: 'Social media' })).getByRole('link');
    expect(profile.textContent).toBe(' Instagram (opens in a new tab)');
    expect(profile.getAttribute('href')).toBe('https://instagram.example/medpath');
    expect(profile.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("shows the tagline and this year's copyright", () => {
    renderFooter();
    expect(screen.getByText('Shift Your Thinking. Unlock Your Potential.')).toBeTruthy();
    expect(screen.getByText(/All rights reserved/).textContent).toBe(
      `© ${new Date().getFullYear()} MedPath Tutors. All rights reserved.`,
    );
  });

  it('follows a subject link within the site', () => {
    renderFooter();
    fireEvent.click(screen.getByRole('link', { name: 'Medical School Support' }));
    expect(screen.getByTestId('location').textContent).toBe('/medical-school-support');
  });
});
