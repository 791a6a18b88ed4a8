import { PublicTutorDtoSchema } from '@medtutor/contracts';
import { z } from 'zod';

/** GET /api/tutors answers with the active entries of the tutor directory. */
export const PublicTutorListSchema = z.array(PublicTutorDtoSchema);
