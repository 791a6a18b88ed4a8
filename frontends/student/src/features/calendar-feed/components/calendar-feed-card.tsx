import { CalendarFeedTexts as texts, useCalendarFeedCard, webcalUrl } from '@medtutor/web-kit/calendar-feed';
import { Button, ButtonLink, Card, Field, Flex, Input, Paragraph, Title } from '@medtutor/web-kit/ui';
import { useId } from 'react';

/**
 * The student's private calendar feed (issue 25): made on request, its URL shown once (only its hash
 * is kept), renewed when lost, turned off at will.
 */
export function CalendarFeedCard() {
  const card = useCalendarFeedCard();
  const linkId = useId();
  if (!card.feed) return null;

  let content;
  if (card.madeUrl) {
    const url = card.madeUrl;
    content = (
      <Flex vertical gap="small">
        <Field label={texts.linkLabel} htmlFor={linkId} help={texts.keepPrivate}>
          <Input id={linkId} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </Field>
        <Flex gap="small" wrap>
          <Button variant="primary" onClick={() => card.copy(url)}>
            {texts.copy}
          </Button>
          <ButtonLink href={webcalUrl(url)}>{texts.open}</ButtonLink>
        </Flex>
      </Flex>
    );
  } else if (card.activeSince) {
    content = (
      <Flex vertical gap="small">
        <Paragraph style={{ margin: 0 }}>{texts.activeSince(card.activeSince)}</Paragraph>
        <Flex gap="small" wrap>
          <Button loading={card.busy} onClick={card.makeLink}>
            {texts.renew}
          </Button>
          <Button danger loading={card.busy} onClick={card.turnOff}>
            {texts.turnOff}
          </Button>
        </Flex>
        <Paragraph type="secondary" style={{ margin: 0 }}>
          {texts.renewHelp}
        </Paragraph>
      </Flex>
    );
  } else {
    content = (
      <Flex vertical gap="small" align="start">
        <Paragraph style={{ margin: 0 }}>{texts.intro}</Paragraph>
        <Button variant="primary" loading={card.busy} onClick={card.makeLink}>
          {texts.create}
        </Button>
      </Flex>
    );
  }

  return (
    <Card
      data-testid="calendar-feed"
      title={
        <Title level={3} style={{ margin: 0, fontSize: '1.05rem' }}>
          {texts.title}
        </Title>
      }
    >
      {content}
    </Card>
  );
}
