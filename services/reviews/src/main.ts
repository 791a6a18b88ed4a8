import { runService } from '@medtutor/nest-kit';
import { reviews } from './service.js';

runService(reviews);
