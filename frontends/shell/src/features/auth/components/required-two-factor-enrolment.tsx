import { AntdProviders } from '../../../app/antd-providers';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/**
 * The enrolment an admin's or tutor's sign-in must go through, in a chunk of its own with antd:
 * /auth loads it only when the login answers `enrol`.
 */
export function RequiredTwoFactorEnrolment({ onDone }: { onDone: () => void }) {
  return (
    <AntdProviders>
      <TwoFactorEnrolment required onDone={onDone} />
    </AntdProviders>
  );
}
