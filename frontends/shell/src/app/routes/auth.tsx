import type { LoginSecondFactorReply, UserDto } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { site } from '../../config/site';
import { LoginForm } from '../../features/auth/components/login-form';
import { RegisterForm } from '../../features/auth/components/register-form';
import { SecondFactorForm } from '../../features/auth/components/second-factor-form';
import { useSession } from '../../features/auth/hooks/use-session';
import { postAuthTarget } from '../../features/auth/utils/post-auth-target';
import { takePendingPurchase } from '../../lib/pending-purchase';
import { Card, Paragraph, Spinner, Tabs, Title } from '@medtutor/web-kit/ui';
import { loadForgotPasswordDialog } from './forgot-password-chunk';

// The two parts of /auth that still use antd come in chunks of their own, loaded only when needed.
const ForgotPasswordDialog = lazy(() =>
  loadForgotPasswordDialog().then((module) => ({ default: module.ForgotPasswordDialog })),
);
const RequiredTwoFactorEnrolment = lazy(() =>
  import('../../features/auth/components/required-two-factor-enrolment').then((module) => ({
    default: module.RequiredTwoFactorEnrolment,
  })),
);

/** 'closed': loaded and shown before, kept mounted so a reopen is instant. */
type ForgotPasswordState = 'unused' | 'loading' | 'open' | 'closed';

export function AuthRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [forgotPassword, setForgotPassword] = useState<ForgotPasswordState>('unused');
  const [secondFactor, setSecondFactor] = useState<LoginSecondFactorReply['secondFactor'] | null>(null);
  const { completeSignIn } = useSession();
  const notices = useNotices();

  const continueAs = (user: UserDto) => {
    const target = postAuthTarget({
      user,
      pendingPurchase: takePendingPurchase(),
      redirect: searchParams.get('redirect'),
    });
    void navigate(target, { replace: true });
  };

  const openForgotPassword = () => {
    if (forgotPassword === 'closed') {
      setForgotPassword('open');
      return;
    }
    // The dialog mounts only once its code is here, so React.lazy never holds on to a failed download:
    // after a failure the next click downloads again.
    setForgotPassword('loading');
    loadForgotPasswordDialog().then(
      () => setForgotPassword('open'),
      (error: unknown) => {
        setForgotPassword('unused');
        notices.error('Error', error);
      },
    );
  };

  return (
    <div className="page page--narrow">
      <PageTitle title="Login or Register" />
      <Title level={1}>Welcome to {site.name}</Title>
      <Paragraph type="secondary">Log in to see your tutoring, or create an account to get started.</Paragraph>
      <Card>
        {secondFactor === 'verify' ? (
          <SecondFactorForm
            onVerified={(user) => {
              void completeSignIn(user).then((stored) => stored && continueAs(stored));
            }}
          />
        ) : secondFactor === 'enrol' ? (
          <Suspense fallback={<Spinner label="Loading" />}>
            <RequiredTwoFactorEnrolment
              onDone={() => {
                void completeSignIn().then((stored) => stored && continueAs(stored));
              }}
            />
          </Suspense>
        ) : (
          <Tabs
            items={[
              {
                key: 'login',
                label: 'Login',
                children: (
                  <LoginForm
                    onSignedIn={continueAs}
                    onSecondFactor={setSecondFactor}
                    onForgotPassword={openForgotPassword}
                    // Only a head start: if it fails, the click downloads the dialog again.
                    onForgotPasswordIntent={() => void loadForgotPasswordDialog().catch(() => undefined)}
                    forgotPasswordLoading={forgotPassword === 'loading'}
                  />
                ),
              },
              { key: 'register', label: 'Register', children: <RegisterForm onRegistered={continueAs} /> },
            ]}
          />
        )}
      </Card>
      {(forgotPassword === 'open' || forgotPassword === 'closed') && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotPassword === 'open'} onClose={() => setForgotPassword('closed')} />
        </Suspense>
      )}
    </div>
  );
}
