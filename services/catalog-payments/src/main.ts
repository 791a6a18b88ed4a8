import { runService } from '@medtutor/nest-kit';
import { catalogPayments } from './service.js';

runService(catalogPayments);
