import { retentionCutoff } from '@medtutor/nest-kit';
import { ACKNOWLEDGEMENT_INTERVAL_MS } from '../consultations/consultations.service.js';

/**
 * The instants at or before which tutoring's rows are due for deletion at `now`: consultation and
 * free-trial requests (of addresses that never bought) created `requestsDays` ago or earlier, and
 * acknowledgement markers sent a whole acknowledgement window ago or earlier, which no longer hold
 * back an acknowledgement (`claimAcknowledgement` treats them as absent).
 */
export function tutoringCutoffs(now: Date, requestsDays: number): { requests: Date; acknowledgements: Date } {
  return {
    requests: retentionCutoff(now, requestsDays),
    acknowledgements: new Date(now.getTime() - ACKNOWLEDGEMENT_INTERVAL_MS),
  };
}
