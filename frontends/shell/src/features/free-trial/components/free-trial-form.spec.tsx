/** @jest-environment jsdom */
import '../../../testing/text-encoding';
import { describe, expect, it } from '@jest/globals';
import { freeTrialAdditionalInfo } from '@medtutor/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PublicPageProviders, jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { FreeTrialForm } from './free-trial-form';

const fetchMock = serveFetchPerTest(() => jsonReply({ message: 'Consultation request submitted successfully!' }));

const showForm = () =>
  render(
    <PublicPageProviders path="/contact">
      <FreeTrialForm />
    </PublicPageProviders>,
  );

const control = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(control(label), { target: { value } });
const send = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request Free Trial' })));

describe('free-trial form', () => {
  it('shows the schema messages on submit, focuses the first invalid field and sends nothing', async () => {
    showForm();
    await send();

    expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please select a subject')).toBeTruthy();
    expect(document.activeElement).toBe(control('First name'));
    expect(control('First name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks a touched field when it loses focus', async () => {
    showForm();
    type('Phone', '123456789');
    await act(async () => fireEvent.blur(control('Phone')));

    await waitFor(() => expect(screen.getByText('Please enter a valid phone number')).toBeTruthy());
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('sends the trial request as the server takes it, then empties the form', async () => {
    showForm();
    type('First name', ' Mary ');
    type('Last name', 'Seacole');
    type('Email', 'mary@example.com');
    type('Phone', '07700 900123');
    type('Subject', 'Medical School Support');
    await send();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/consultations');
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Mary',
      lastName: 'Seacole',
      email: 'mary@example.com',
      phone: '07700 900123',
      subjectInterest: 'FREE TRIAL - Medical School Support',
      additionalInfo: freeTrialAdditionalInfo('Medical School Support'),
      isParent: false,
    });
    await waitFor(() => expect(control('Email').value).toBe(''));
    expect((control('Subject') as unknown as HTMLSelectElement).value).toBe('');
  });
});
