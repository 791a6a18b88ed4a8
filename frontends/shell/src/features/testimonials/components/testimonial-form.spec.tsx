/** @jest-environment jsdom */
import '../../../testing/text-encoding';
import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PublicPageProviders, jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { TestimonialForm } from './testimonial-form';

const fetchMock = serveFetchPerTest(() => jsonReply({ id: 1 }));

const control = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(control(label), { target: { value } });
const send = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Your Story' })));

const showForm = () =>
  render(
    <PublicPageProviders>
      <TestimonialForm />
    </PublicPageProviders>,
  );

describe('success story form', () => {
  it('reports the missing story in the server wording and sends nothing', async () => {
    showForm();
    type('Name', 'Priya Raman');
    type('Email', 'priya@example.com');
    type('Title', 'Offer from Leeds');
    await send();

    expect(await screen.findByText('Please share your experience')).toBeTruthy();
    expect(document.activeElement).toBe(control('Your experience'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts on 5 - Excellent, sends the chosen rating as a number and empties the form', async () => {
    showForm();
    expect((control('Rating') as unknown as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('5 - Excellent');
    type('Name', 'Priya Raman');
    type('Email', 'priya@example.com');
    type('Title', 'Offer from Leeds');
    type('Your experience', 'Mock interviews made the difference.');
    type('Rating', '4');
    await send();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Priya Raman',
      email: 'priya@example.com',
      title: 'Offer from Leeds',
      content: 'Mock interviews made the difference.',
      rating: 4,
    });
    await waitFor(() => expect(control('Title').value).toBe(''));
    expect(control('Rating').value).toBe('5');
  });
});
