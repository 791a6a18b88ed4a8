import { UnavailableSubjects } from '@medtutor/contracts';
import { Alert, Card, Grid, Paragraph, Title } from '@medtutor/web-kit/ui';
import { SectionTitle } from '../../../components/section-title';
import { useNow } from '../hooks/use-now';
import { countdown, countdownText } from '../utils/countdown';
import type { ExamGroup } from '../utils/exam-groups';
import { forecast, forecastText } from '../utils/forecast';

const formatDay = (examDate: string): string =>
  new Date(`${examDate}T12:00:00`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function ExamCountdownCard({ group, now }: { group: ExamGroup; now: Date }) {
  const value = countdown(group.examDate, now);
  const unavailable = (UnavailableSubjects as readonly string[]).includes(group.subject);
  return (
    <Card
      title={
        <Title level={3} style={{ margin: 0, fontSize: '1.05rem', whiteSpace: 'normal' }}>
          {group.subject}
        </Title>
      }
    >
      {unavailable && (
        <Alert type="error" showIcon title="Subject Currently Unavailable" style={{ marginBottom: '0.75rem' }} />
      )}
      <Paragraph type="secondary" style={{ marginBottom: '0.25rem' }}>
        Exam on {formatDay(group.examDate)}
      </Paragraph>
      {/* The ticking text is not announced each second; the date above carries the meaning. */}
      <Paragraph strong style={{ fontSize: '1.1rem' }} data-testid="exam-countdown">
        {countdownText(value)}
      </Paragraph>
      <Paragraph style={{ marginBottom: 0 }} data-testid="hours-forecast">
        {forecastText(forecast(group.hoursLeft, group.examDate, now))}
      </Paragraph>
    </Card>
  );
}

/** The countdown grid: one card per subject and exam date, with its weekly hours forecast. */
export function ExamCountdowns({ groups }: { groups: ExamGroup[] }) {
  const now = useNow(1000);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="countdown-heading">
      <div style={{ marginBottom: '1rem' }}>
        <SectionTitle id="countdown-heading">Exam Countdown</SectionTitle>
      </div>
      <Grid columns={{ xs: 1, md: 2, xl: 3 }}>
        {groups.map((group) => (
          <ExamCountdownCard key={`${group.subject}|${group.examDate}`} group={group} now={now} />
        ))}
      </Grid>
    </section>
  );
}
