export interface NavLinkItem {
  label: string;
  to: string;
}

/** docs/product.md §2: the home page scrolls to its own sections; elsewhere the bar offers the main pages. */
export function sectionLinks(onHomePage: boolean): NavLinkItem[] {
  if (onHomePage) {
    return [
      { label: 'Subjects', to: '/#subjects' },
      { label: 'Tutors', to: '/#tutors' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'Success Stories', to: '/#success' },
    ];
  }
  return [
    { label: 'Home', to: '/' },
    { label: 'Subjects', to: '/#subjects' },
    { label: 'Pricing', to: '/#pricing' },
    { label: 'About Us', to: '/about' },
  ];
}
