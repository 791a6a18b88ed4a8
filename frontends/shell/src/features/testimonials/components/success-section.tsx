import { Typography } from 'antd';

/** Home page section `#success` (spec sections 1 and 2). */
export function SuccessSection() {
  return (
    <section id="success" aria-labelledby="success-heading" className="section section--tinted">
      <div className="section__inner">
        <Typography.Title level={2} id="success-heading">
          Success Stories
        </Typography.Title>
        <Typography.Paragraph style={{ maxWidth: 720 }}>
          Our students have a 99% success rate. They prepare with qualified medical-student tutors, practise with mock
          exams and interviews, and study 100% online from wherever they are.
        </Typography.Paragraph>
      </div>
    </section>
  );
}
