import { describe, expect, it } from '@jest/globals';
import { sectionLinks } from './nav-links';

describe('sectionLinks', () => {
  it('scrolls within the home page', () => {
    expect(sectionLinks(true).map((link) => link.label)).toEqual(['Subjects', 'Tutors', 'Pricing', 'Success Stories']);
    expect(sectionLinks(true).every((link) => link.to.startsWith('/#'))).toBe(true);
  });

  it('offers the main pages elsewhere', () => {
    expect(sectionLinks(false)).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Subjects', to: '/#subjects' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'About Us', to: '/about' },
    ]);
  });
});
