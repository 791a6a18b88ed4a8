/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import type { PublicTestimonialDto } from '@medtutor/contracts';
import { render, screen, within } from '@testing-library/react';
import { PublicPageProviders, jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { TestimonialList } from './testimonial-list';

const fetchMock = serveFetchPerTest(() => jsonReply([]));

const stories: PublicTestimonialDto[] = [
  {
    id: 3,
    name: 'Priya S.',
    title: 'Offer from Imperial',
    content: 'Two mock interviews a week.\nThey made all the difference.',
    rating: 5,
    verifiedPurchase: true,
  },
  { id: 9, name: 'Tom R.', title: 'UCAT 3100', content: 'Clear and patient.', rating: 4, verifiedPurchase: false },
];

function renderList() {
  render(
    <PublicPageProviders>
      <TestimonialList />
    </PublicPageProviders>,
  );
}

describe('TestimonialList', () => {
  it('holds the place unseen while the stories load', () => {
    fetchMock.mockReturnValueOnce(new Promise(() => undefined));
    renderList();
    expect(document.querySelector('.ui-skeleton')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('article')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/testimonials');
  });

  it('shows each approved story with its rating, title, text and name, and marks verified purchases', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply(stories));
    renderList();

    const [first, second] = await screen.findAllByRole('article');
    expect(within(first!).getByRole('heading', { level: 3 }).textContent).toBe('Offer from Imperial');
    expect(screen.getByRole('article', { name: 'Offer from Imperial' })).toBe(first);
    expect(within(first!).getByRole('img').getAttribute('aria-label')).toBe('Rated 5 out of 5');
    expect(within(first!).getByText(/Two mock interviews/).textContent).toBe(
      'Two mock interviews a week.\nThey made all the difference.',
    );
    expect(within(first!).getByText('Priya S.')).toBeTruthy();
    expect(within(first!).getByText('Verified purchase')).toBeTruthy();

    expect(within(second!).getByRole('img').getAttribute('aria-label')).toBe('Rated 4 out of 5');
    expect(within(second!).queryByText('Verified purchase')).toBeNull();
  });

  it('invites the first story when there is none', async () => {
    renderList();
    expect(await screen.findByText('No success stories yet. Share the first one below.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says so when the stories cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonReply({ message: 'Internal server error' }, 500));
    renderList();
    expect(await screen.findByText('Success stories could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
