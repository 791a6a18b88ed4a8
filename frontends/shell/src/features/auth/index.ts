// What other features may use of sign-in (npm run deps:check forbids deeper imports).
export { useSession } from './hooks/use-session';
