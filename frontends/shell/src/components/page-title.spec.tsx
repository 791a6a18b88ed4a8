/** @jest-environment jsdom */
import '../testing/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, render } from '@testing-library/react';

// The gateway writes the public origin into every page; the Open Graph URL is built on it.
document.head.innerHTML = `<meta name="medtutor-settings" content='{"publicBaseUrl":"https://medpath.example"}'>`;
const { AtPath } = jest.requireActual<typeof import('../testing/session')>('../testing/session');
const { PageTitle } = jest.requireActual<typeof import('./page-title')>('./page-title');

afterEach(cleanup);

const meta = (attribute: 'name' | 'property', key: string) =>
  document.head.querySelector(`meta[${attribute}="${key}"]`)?.getAttribute('content');

describe('PageTitle', () => {
  it("titles the page after itself and the site, and points Open Graph at the page's public address", () => {
    render(
      <AtPath path="/about?ref=footer">
        <PageTitle title="About Us" description="Who we are." />
      </AtPath>,
    );
    expect(document.title).toBe('About Us | MedPath Tutors');
    expect(meta('name', 'description')).toBe('Who we are.');
    expect(meta('property', 'og:title')).toBe('About Us | MedPath Tutors');
    expect(meta('property', 'og:description')).toBe('Who we are.');
    expect(meta('property', 'og:url')).toBe('https://medpath.example/about');
    expect(meta('property', 'og:site_name')).toBe('MedPath Tutors');
  });

  it("falls back to the site's own title and description", () => {
    render(
      <AtPath path="/">
        <PageTitle />
      </AtPath>,
    );
    expect(document.title).toBe('MedPath Tutors | Medical School Tutoring');
    expect(meta('name', 'description')).toBe(
      'One-to-one online tutoring by medical students for UCAT, medical school interviews and medical school support. Start with a free trial session.',
    );
  });

  it('takes its tags away with the page', () => {
    const { unmount } = render(
      <AtPath path="/about">
        <PageTitle title="About Us" />
      </AtPath>,
    );
    unmount();
    expect(meta('property', 'og:title')).toBeUndefined();
  });
});
