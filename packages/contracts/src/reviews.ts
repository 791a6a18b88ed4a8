/** docs/product.md §5: the rating select's options, best first. */
export const TestimonialRatingLabels = [
  { value: 5, label: 'Excellent' },
  { value: 4, label: 'Very Good' },
  { value: 3, label: 'Good' },
  { value: 2, label: 'Fair' },
  { value: 1, label: 'Poor' },
] as const;

export const TestimonialLimits = {
  ratingMin: 1,
  ratingMax: 5,
  ratingDefault: 5,
  nameMin: 2,
  nameMax: 100,
  titleMin: 2,
  titleMax: 200,
  contentMax: 5000,
} as const;

export const ReviewsMessages = {
  testimonialNotFound: 'Testimonial not found',
} as const;

/**
 * docs/product.md §9: a public name longer than 4 characters without a dot becomes its initials
 * ('Sarah Jones' → 'S.J.'); 'Dr. Khan' and 'Amir' stay as typed.
 */
export const publicTestimonialName = (name: string): string => {
  const trimmed = name.trim();
  if (trimmed.length <= 4 || trimmed.includes('.')) return trimmed;
  return trimmed
    .split(/[\s-]+/)
    .filter((part) => part.length > 0)
    .map((part) => `${part.charAt(0).toUpperCase()}.`)
    .join('');
};
