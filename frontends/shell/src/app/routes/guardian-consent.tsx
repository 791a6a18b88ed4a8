import { useSearchParams } from 'react-router';
import { GuardianConsentPage } from '../../features/guardian-consent/components/guardian-consent-page';

/** /guardian-consent: the page a guardian's emailed link opens (issue 26). */
export function GuardianConsentRoute() {
  const [searchParams] = useSearchParams();
  return <GuardianConsentPage token={searchParams.get('token')} />;
}
