/** @jest-environment jsdom */
import '../../../testing/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import type { PublicTutorDto } from '@medtutor/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { PublicPageProviders, jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { TutorsSection } from './tutors-section';

const tutors = [
  {
    id: 1,
    name: 'Sarah Mitchell',
    specialty: 'UCAT and interviews',
    qualifications: 'Final-year medical student, UCL\n\nUCAT 3200 (top 1%)',
    photoUrl: 'https://cdn.example/sarah.jpg',
    subjects: ['UCAT'],
  },
  {
    id: 2,
    name: 'james  o’neill',
    specialty: 'Medical school support',
    qualifications: 'Foundation doctor',
    photoUrl: null,
    subjects: ['Medical School Support'],
  },
] as PublicTutorDto[];

const fetchMock = serveFetchPerTest(() => jsonReply(tutors));

function renderSection() {
  render(
    <PublicPageProviders>
      <TutorsSection />
    </PublicPageProviders>,
  );
  return screen.getByRole('region', { name: 'Meet Our Expert Tutors' });
}

const grid = (section: HTMLElement) => section.querySelector('.card-grid') as HTMLElement;

describe('TutorsSection', () => {
  it('is the #tutors section, busy with two placeholder cards while the tutors load', () => {
    fetchMock.mockReturnValueOnce(new Promise(() => undefined));
    const section = renderSection();
    expect(section.id).toBe('tutors');
    expect(grid(section).getAttribute('aria-busy')).toBe('true');
    expect(grid(section).querySelectorAll('.ui-skeleton')).toHaveLength(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/tutors');
  });

  it("shows each tutor's photo or initials, specialty and qualifications line by line", async () => {
    const section = renderSection();
    const [sarah, james] = (await within(section).findAllByRole('heading', { level: 3 })).map(
      (heading) => heading.closest('.ui-card') as HTMLElement,
    );

    expect(within(sarah!).getByRole('img', { name: 'Sarah Mitchell' }).getAttribute('src')).toBe(
      'https://cdn.example/sarah.jpg',
    );
    expect(within(sarah!).getByText('UCAT and interviews')).toBeTruthy();
    expect(
      within(sarah!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Final-year medical student, UCL', 'UCAT 3200 (top 1%)']);

    expect(within(james!).queryByRole('img', { name: 'james  o’neill' })).toBeNull();
    expect(within(james!).getByText('JO').getAttribute('aria-hidden')).toBe('true');
    expect(grid(section).getAttribute('aria-busy')).toBe('false');
    expect(grid(section).querySelectorAll('.ui-skeleton')).toHaveLength(0);
  });

  it('keeps its heading and shows no cards when the tutors cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonReply({ message: 'Internal server error' }, 500));
    const section = renderSection();
    await waitFor(() => expect(grid(section).getAttribute('aria-busy')).toBe('false'));
    expect(within(section).queryAllByRole('heading', { level: 3 })).toEqual([]);
  });
});
