import { describe, expect, it } from '@jest/globals';
import { BookingMessages } from '@medtutor/contracts';
import { freeTrialBody, FreeTrialFormMessages } from './free-trial-form';
import { UkTimeMessages } from './uk-time';

const filled = { consultationId: 12, tutorId: 3, date: '2027-03-29', time: '16:30', durationMinutes: 30 };

describe('free-trial form → body', () => {
  it('sends the UK time as its instant (BST after 28 March 2027)', () => {
    expect(freeTrialBody(filled)).toEqual({
      ok: true,
      repeated: false,
      body: { consultationId: 12, tutorId: 3, start: '2027-03-29T15:30:00.000Z', durationMinutes: 30 },
    });
    expect(freeTrialBody({ ...filled, date: '2027-03-26' })).toMatchObject({
      body: { start: '2027-03-26T16:30:00.000Z' },
    });
  });

  it('names the field that is missing or wrong', () => {
    expect(freeTrialBody({ ...filled, consultationId: undefined })).toEqual({
      ok: false,
      field: 'consultationId',
      message: FreeTrialFormMessages.requestRequired,
    });
    expect(freeTrialBody({ ...filled, tutorId: undefined })).toMatchObject({ field: 'tutorId' });
    expect(freeTrialBody({ ...filled, date: undefined })).toMatchObject({
      field: 'date',
      message: UkTimeMessages.dateInvalid,
    });
    expect(freeTrialBody({ ...filled, date: '2027-03-28', time: '01:15' })).toMatchObject({
      field: 'time',
      message: UkTimeMessages.skipped,
    });
  });

  it("keeps the contracts' 15–30 minutes", () => {
    for (const durationMinutes of [10, 45, 20.5, undefined]) {
      expect(freeTrialBody({ ...filled, durationMinutes })).toEqual({
        ok: false,
        field: 'durationMinutes',
        message: BookingMessages.freeTrialLength,
      });
    }
    expect(freeTrialBody({ ...filled, durationMinutes: 15 })).toMatchObject({ ok: true });
  });

  it('flags a time the autumn change repeats', () => {
    expect(freeTrialBody({ ...filled, date: '2027-10-31', time: '01:30' })).toMatchObject({
      ok: true,
      repeated: true,
      body: { start: '2027-10-31T00:30:00.000Z' },
    });
  });
});
