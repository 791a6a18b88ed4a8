import { htmlPage, type MailMessage } from '@medtutor/nest-kit';

export interface RequestDetails {
  id: number;
  isFreeTrial: boolean;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  subjectInterest: string;
  additionalInfo: string | null;
  isParent: boolean;
}

/** The team's alert: everything needed to reply through the messaging app without opening a dashboard. */
export function teamAlertEmail(to: string, request: RequestDetails): MailMessage {
  const kind = request.isFreeTrial ? 'free trial request' : 'consultation request';
  const lines = [
    `A new ${kind} (#${request.id}) arrived from the website. Please reply within 24 hours.`,
    [
      `Name: ${request.firstName} ${request.lastName}`,
      `Email: ${request.email ?? 'not given'}`,
      `Phone: ${request.phone}`,
      `Subject: ${request.subjectInterest}`,
      `Parent or guardian: ${request.isParent ? 'yes' : 'no'}`,
    ].join('\n'),
    `Additional information:\n${request.additionalInfo ?? 'none'}`,
  ];
  return {
    to,
    subject: `New ${kind}: ${request.firstName} ${request.lastName}`,
    text: lines.join('\n\n'),
    html: htmlPage(lines),
  };
}

/**
 * The requester's acknowledgement (only when they gave an email). Fixed text only: nothing the visitor
 * typed (not even their name) goes back out, so the form cannot make our server mail someone else
 * words of the sender's choosing.
 */
export function acknowledgementEmail(to: string, isFreeTrial: boolean): MailMessage {
  const lines = [
    'Hello,',
    isFreeTrial
      ? 'Thank you for requesting a free trial session. Our team will contact you within 24 hours to arrange it.'
      : 'Thank you for your consultation request. Our team will reply within 24 hours.',
    'We usually get in touch through our messaging app, using the phone number you gave us.',
    'If you did not make this request, you can ignore this email.',
    'MedPath Tutors',
  ];
  return {
    to,
    subject: isFreeTrial ? 'We received your free trial request' : 'We received your consultation request',
    text: lines.join('\n\n'),
    html: htmlPage(lines),
  };
}
