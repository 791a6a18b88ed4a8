import { describe, expect, it } from '@jest/globals';
import { nodemailerMessage } from './mailer.js';

const base = { to: 'sam@example.com', subject: 'Booked', text: 'Hello', html: '<p>Hello</p>' };
const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';

describe('nodemailerMessage', () => {
  it('passes a message without attachments through unchanged', () => {
    expect(nodemailerMessage(base)).toEqual(base);
    expect(nodemailerMessage({ ...base, attachments: [] })).toEqual(base);
  });

  it("sends a calendar with a METHOD as nodemailer's icalEvent, so mail clients offer Accept/Decline", () => {
    const sent = nodemailerMessage({
      ...base,
      attachments: [{ filename: 'session.ics', contentType: 'text/calendar; method=request', content: ics }],
    });
    expect(sent).toEqual({ ...base, icalEvent: { method: 'REQUEST', filename: 'session.ics', content: ics } });
  });

  it('reads the method among other parameters and in quotes', () => {
    const sent = nodemailerMessage({
      ...base,
      attachments: [
        { filename: 'cancel.ics', contentType: 'Text/Calendar; charset=utf-8; method="CANCEL"', content: ics },
      ],
    });
    expect(sent.icalEvent).toEqual({ method: 'CANCEL', filename: 'cancel.ics', content: ics });
  });

  it('keeps other files, and a calendar without a method, as plain attachments', () => {
    const notes = { filename: 'notes.txt', contentType: 'text/plain', content: 'Bring a pen' };
    const feed = { filename: 'all.ics', contentType: 'text/calendar', content: ics };
    const invite = { filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', content: ics };
    const sent = nodemailerMessage({ ...base, attachments: [notes, feed, invite] });
    expect(sent.icalEvent).toEqual({ method: 'REQUEST', filename: 'invite.ics', content: ics });
    expect(sent.attachments).toEqual([notes, feed]);
  });
});
