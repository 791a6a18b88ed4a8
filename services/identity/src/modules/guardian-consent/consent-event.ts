import { type ConsentState, EventTypes, type StudentConsentChangedV1 } from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';

/** identity.student_consent_changed.v1 for a student at a version: the id and the state, nothing personal. */
export const consentChangedEvent = (
  userId: number,
  state: ConsentState,
  version: number,
  correlationId: string | null,
) =>
  newEvent(
    EventTypes.studentConsentChanged,
    1,
    { userId, state, version } satisfies StudentConsentChangedV1,
    correlationId,
  );
