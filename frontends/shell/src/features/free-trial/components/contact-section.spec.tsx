/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { AtPath } from '../../../testing/session';
import { ContactSection } from './contact-section';

serveFetchPerTest(() => jsonReply({ message: 'Consultation request submitted successfully!' }));

function renderSection() {
  render(
    <AtPath path="/">
      <ContactSection />
    </AtPath>,
  );
}

describe('ContactSection', () => {
  it('is the #contact section, named by its heading, with the consultation form under its own heading', () => {
    renderSection();
    const section = screen.getByRole('region', { name: 'Book Your Free Trial Session' });
    expect(section.id).toBe('contact');
    expect(within(section).getByRole('heading', { level: 3, name: 'Request a Consultation' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Request Consultation' })).toBeTruthy();
  });

  it('leads to the free-trial form on /contact', () => {
    renderSection();
    fireEvent.click(screen.getByRole('link', { name: 'Request Your Free Trial' }));
    expect(screen.getByTestId('location').textContent).toBe('/contact');
  });
});
