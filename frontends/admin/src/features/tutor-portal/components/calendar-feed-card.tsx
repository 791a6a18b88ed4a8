import { CalendarFeedTexts as texts, useCalendarFeedCard, webcalUrl } from '@medtutor/web-kit/calendar-feed';
import { Alert, Button, Card, Popconfirm, Space, Typography } from 'antd';

/**
 * The tutor's private calendar feed (issue 25): their booked sessions with each student's name in
 * their own calendar app. The URL is shown once (only its hash is kept); a new one replaces a lost one.
 */
export function CalendarFeedCard() {
  const card = useCalendarFeedCard();
  if (!card.feed) return null;

  const title = (
    <Typography.Title level={2} style={{ fontSize: '1.125rem', margin: 0 }}>
      {texts.title}
    </Typography.Title>
  );
  if (card.madeUrl) {
    return (
      <Card data-testid="calendar-feed" title={title}>
        <Typography.Text strong>{texts.linkLabel}</Typography.Text>
        {/* antd's copyable puts the copy button (with its own feedback) next to the link. */}
        <Typography.Paragraph copyable={{ text: card.madeUrl }} code style={{ wordBreak: 'break-all' }}>
          {card.madeUrl}
        </Typography.Paragraph>
        <Alert type="warning" showIcon title={texts.keepPrivate} style={{ marginBottom: 12 }} />
        <Button type="primary" href={webcalUrl(card.madeUrl)}>
          {texts.open}
        </Button>
      </Card>
    );
  }
  return (
    <Card data-testid="calendar-feed" title={title}>
      <Typography.Paragraph>
        {card.activeSince ? texts.activeSince(card.activeSince) : texts.intro}
      </Typography.Paragraph>
      {card.activeSince ? (
        <Space wrap>
          <Popconfirm title={texts.renewHelp} okText={texts.renew} onConfirm={card.makeLink}>
            <Button loading={card.busy}>{texts.renew}</Button>
          </Popconfirm>
          <Button danger loading={card.busy} onClick={card.turnOff}>
            {texts.turnOff}
          </Button>
        </Space>
      ) : (
        <Button type="primary" loading={card.busy} onClick={card.makeLink}>
          {texts.create}
        </Button>
      )}
    </Card>
  );
}
