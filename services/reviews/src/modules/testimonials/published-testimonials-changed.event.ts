import {
  type EventEnvelope,
  EventTypes,
  type PublishedTestimonialsChangeCause,
  type PublishedTestimonialsChangedV1,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';

/**
 * Written in the transaction of every change that may alter what GET /api/testimonials answers (a
 * story published or unpublished, a badge on a published one), so a copy of that list kept elsewhere
 * (the gateway's) is dropped when, and only when, it may have gone stale.
 */
export const publishedTestimonialsChanged = (
  cause: PublishedTestimonialsChangeCause,
  testimonialIds: number[],
  correlationId: string | null,
): EventEnvelope<PublishedTestimonialsChangedV1> =>
  newEvent<PublishedTestimonialsChangedV1>(
    EventTypes.publishedTestimonialsChanged,
    1,
    { cause, testimonialIds },
    correlationId,
  );
