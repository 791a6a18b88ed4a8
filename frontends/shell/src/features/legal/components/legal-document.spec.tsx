/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AtPath } from '../../../testing/session';
import { LegalDocument } from './legal-document';

afterEach(cleanup);

describe('LegalDocument', () => {
  it('titles the page, dates it, and numbers its sections with a table of contents linking to each', () => {
    render(
      <AtPath path="/privacy-policy">
        <LegalDocument
          title="Privacy Policy"
          description="How we handle your data."
          lastUpdated="1 November 2026"
          intro={<p>We take privacy seriously.</p>}
          sections={[
            { id: 'data-we-collect', heading: 'Data we collect', body: <p>Your name and email.</p> },
            { id: 'your-rights', heading: 'Your rights', body: <p>You may ask for a copy.</p> },
          ]}
        />
      </AtPath>,
    );
    expect(document.title).toBe('Privacy Policy | MedPath Tutors');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('Last updated 1 November 2026')).toBeTruthy();

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Data we collect', '#data-we-collect'],
      ['Your rights', '#your-rights'],
    ]);
    const rights = screen.getByRole('region', { name: '2. Your rights' });
    expect(within(rights).getByText('You may ask for a copy.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '1. Data we collect' }).id).toBe('data-we-collect');
  });
});
