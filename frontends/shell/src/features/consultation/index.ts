// What other features may use of the consultation request (npm run deps:check forbids deeper imports).
export { ConsultationForm } from './components/consultation-form';
