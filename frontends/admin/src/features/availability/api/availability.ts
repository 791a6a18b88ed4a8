import {
  type AvailabilityBody,
  AvailabilityBodySchema,
  type AvailabilityDto,
  AvailabilityDtoSchema,
} from '@medtutor/contracts';
import { apiRequest } from '@medtutor/web-kit';
import useSWR, { mutate } from 'swr';

/** The signed-in tutor's availability, or (an admin naming `tutorId`) that tutor's. */
export const availabilityKey = (tutorId?: number) =>
  tutorId === undefined ? '/api/tutor/availability' : `/api/tutor/availability?tutorId=${tutorId}`;

export const getAvailability = (key: string): Promise<AvailabilityDto> => apiRequest('GET', key, AvailabilityDtoSchema);

export const useAvailability = (tutorId?: number) => useSWR(availabilityKey(tutorId), getAvailability);

/** PUT /api/tutor/availability: replaces the weekly hours and the date exceptions. */
export async function saveAvailability(body: AvailabilityBody, tutorId?: number): Promise<AvailabilityDto> {
  const key = availabilityKey(tutorId);
  const saved = await apiRequest('PUT', key, AvailabilityDtoSchema, AvailabilityBodySchema.parse(body));
  await mutate(key, saved, { revalidate: false });
  return saved;
}
