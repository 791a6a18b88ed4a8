/** @jest-environment jsdom */
import '../../../testing/text-encoding';
import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PublicPageProviders, jsonReply, serveFetchPerTest } from '../../../testing/public-page';
import { ConsultationForm } from './consultation-form';

const fetchMock = serveFetchPerTest(() => jsonReply({ message: 'Consultation request submitted successfully!' }));

const control = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(control(label), { target: { value } });

describe('home consultation form', () => {
  it('marks the email and additional information optional', () => {
    render(
      <PublicPageProviders>
        <ConsultationForm />
      </PublicPageProviders>,
    );
    expect(screen.getByText('Email').textContent).toBe('Email(optional)');
    expect(screen.getByText('Additional information').textContent).toBe('Additional information(optional)');
    expect(screen.getByText('Phone').textContent).toBe('Phone');
  });

  it('sends the request without an empty email and with the parent box as ticked, then empties the form', async () => {
    render(
      <PublicPageProviders>
        <ConsultationForm />
      </PublicPageProviders>,
    );
    type('First name', 'Elizabeth');
    type('Last name', 'Garrett ');
    type('Phone', '07700 900456');
    type('Subject', 'Medical School Exams');
    fireEvent.click(control('I am a parent or guardian requesting for my child'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request Consultation' })));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      firstName: 'Elizabeth',
      lastName: 'Garrett',
      phone: '07700 900456',
      subjectInterest: 'Medical School Exams',
      additionalInfo: '',
      isParent: true,
    });
    await waitFor(() => expect(control('First name').value).toBe(''));
    expect(control('I am a parent or guardian requesting for my child').checked).toBe(false);
  });
});
