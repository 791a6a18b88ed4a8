import { Card, Paragraph, Title } from '@medtutor/web-kit/ui';

const strengths = [
  {
    title: 'Qualified medical-student tutors',
    text: 'Every tutor is a medical student with a proven track record, among them a medical school interview panelist. We teach what we have recently been through ourselves.',
  },
  {
    title: 'Personalised lessons',
    text: 'Every session is one to one and built around the student in front of us: their goals, their gaps and their exam date.',
  },
  {
    title: '100% online',
    text: 'Lessons happen online, so you can learn from anywhere in the UK or abroad without travelling.',
  },
  {
    title: 'Mock exams and interviews',
    text: 'Timed mock exams and realistic mock interviews, followed by honest, detailed feedback.',
  },
  {
    title: 'Support between sessions',
    text: 'Questions do not wait for the next lesson: our team answers through our messaging app.',
  },
  {
    title: '99% success rate',
    text: 'Our results speak for themselves: a 99% success rate across the students we tutor.',
  },
];

export function WhatSetsUsApart() {
  return (
    <section aria-labelledby="apart-heading">
      <Title level={2} id="apart-heading">
        What Sets Us Apart
      </Title>
      <ul className="card-grid about-strengths">
        {strengths.map((strength) => (
          <li key={strength.title}>
            <Card style={{ height: '100%' }}>
              <Title level={3} style={{ marginTop: 0, fontSize: '1.15rem' }}>
                {strength.title}
              </Title>
              <Paragraph style={{ marginBottom: 0 }}>{strength.text}</Paragraph>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
