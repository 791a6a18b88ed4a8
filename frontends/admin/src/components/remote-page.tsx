import { TwoFactorTexts, type UserDto } from '@medtutor/contracts';
import { Button, ButtonLink, Flex, LogoutIcon, SafetyIcon, Text, Title } from '@medtutor/web-kit/ui';
import { type ReactNode, Suspense, useState } from 'react';
import { fullName } from '../lib/display-name';
import { lazyUnderAntd } from '../lib/lazy-antd';
import { Loading } from './query-state';

// antd's Result with its illustrations: loaded only when a page is refused.
const Refused = lazyUnderAntd(() => import('./refused').then((module) => module.Refused));

interface RemotePageProps {
  title: string;
  user: UserDto;
  /** The shell's logout: ends the session and shows the notice; the shell then leaves this page. */
  onLogout: () => Promise<void>;
  /** False shows the refused view instead of the page: the shell routes by role already, this guards a wrong mount. */
  allowed: boolean;
  children: ReactNode;
}

/**
 * The frame of each page this remote exposes (back office, tutor portal): title, who is signed in,
 * two-factor and logout, drawn with web-kit's UI kit (the shell's page holds its styles).
 */
export function RemotePage({ title, user, onLogout, allowed, children }: RemotePageProps) {
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    await onLogout();
    setLeaving(false);
  };

  return (
    <Flex
      vertical
      gap="large"
      // border-box: the padding stays inside the width, so the page never scrolls sideways.
      style={{ maxWidth: 1280, margin: '0 auto', padding: '2rem 1rem 4rem', width: '100%', boxSizing: 'border-box' }}
    >
      <header
        className="ui-flex"
        style={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 16 }}
      >
        <div>
          <Title level={1} style={{ marginBottom: '0.25rem' }}>
            {title}
          </Title>
          <Text type="secondary">Signed in as {fullName(user)}</Text>
        </div>
        <Flex gap="small" wrap>
          {/* The security section is the shell's page: it also hosts the enrolment step of sign-in. */}
          <ButtonLink href="/account/security">
            <SafetyIcon className="ui-btn__icon" />
            <span>{TwoFactorTexts.sectionTitle}</span>
          </ButtonLink>
          <Button icon={<LogoutIcon />} onClick={logout} loading={leaving}>
            Logout
          </Button>
        </Flex>
      </header>
      <Suspense fallback={<Loading label="Loading" />}>{allowed ? children : <Refused />}</Suspense>
    </Flex>
  );
}
