// What other features may use of the payslips (npm run deps:check forbids deeper imports).
export { usePayslips } from './api/get-payslips';
export { PayslipStatusTag } from './components/payslip-status-tag';
export { weekOf } from './utils/payslip-lists';
