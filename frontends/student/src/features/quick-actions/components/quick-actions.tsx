import {
  Button,
  ButtonLink,
  CalendarIcon,
  Card,
  Grid,
  MailIcon,
  Paragraph,
  ShoppingCartIcon,
  Title,
} from '@medtutor/web-kit/ui';
import type { ReactNode } from 'react';
import { SectionTitle } from '../../../components/section-title';
import { supportEmail } from '../../../config/support';

interface Action {
  key: string;
  icon: ReactNode;
  title: string;
  text: string;
  button: ReactNode;
}

/** docs/product.md §2's quick actions: schedule, purchase more hours, email support. */
export function QuickActions({ canSchedule }: { canSchedule: boolean }) {
  const goToSchedule = () => {
    const target = document.getElementById('schedule');
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
  };
  const actions: Action[] = [
    {
      key: 'schedule',
      icon: <CalendarIcon />,
      title: 'Schedule a Session',
      text: canSchedule ? 'Book your next session with your tutor.' : 'Buy a package to book sessions with a tutor.',
      button: canSchedule ? (
        <Button onClick={goToSchedule}>Schedule Now</Button>
      ) : (
        <ButtonLink href="/#pricing">See Packages</ButtonLink>
      ),
    },
    {
      key: 'purchase',
      icon: <ShoppingCartIcon />,
      title: 'Purchase More Hours',
      text: 'Top up with a single session or a package.',
      button: <ButtonLink href="/#pricing">Purchase Hours</ButtonLink>,
    },
    {
      key: 'support',
      icon: <MailIcon />,
      title: 'Email Support',
      text: `Questions about your sessions? Write to ${supportEmail}.`,
      button: <ButtonLink href={`mailto:${supportEmail}`}>Email Support</ButtonLink>,
    },
  ];
  return (
    <section aria-labelledby="quick-actions-heading">
      <div style={{ marginBottom: '1rem' }}>
        <SectionTitle id="quick-actions-heading">Quick Actions</SectionTitle>
      </div>
      <Grid columns={{ xs: 1, md: 3 }}>
        {actions.map((action) => (
          <Card key={action.key}>
            <Title level={3} style={{ marginTop: 0, fontSize: '1.05rem' }}>
              {action.icon} {action.title}
            </Title>
            <Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>
              {action.text}
            </Paragraph>
            {action.button}
          </Card>
        ))}
      </Grid>
    </section>
  );
}
