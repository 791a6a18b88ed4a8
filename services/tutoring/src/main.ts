import { runService } from '@medtutor/nest-kit';
import { tutoring } from './service.js';

runService(tutoring);
