import { runService } from '@medtutor/nest-kit';
import { payroll } from './service.js';

runService(payroll);
