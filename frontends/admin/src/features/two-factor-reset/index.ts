// What other features may use of the second-factor reset (npm run deps:check forbids deeper imports).
export { ResetSecondFactorButton } from './components/reset-second-factor-button';
