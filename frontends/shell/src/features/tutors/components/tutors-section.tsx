import { Card, Rate, Typography } from 'antd';

const tutors = [
  {
    specialty: 'Medical School Interviews and Medical School Support',
    qualifications: ['5th-year medical student', 'Extensive tutoring experience'],
  },
  {
    specialty: 'UCAT and Medical School Interviews',
    qualifications: ['5th-year medical student', 'Medical school interview panelist'],
  },
];

/** Home page section `#tutors` (spec section 2). */
export function TutorsSection() {
  return (
    <section id="tutors" aria-labelledby="tutors-heading" className="section">
      <div className="section__inner">
        <Typography.Title level={2} id="tutors-heading">
          Meet Our Expert Tutors
        </Typography.Title>
        <Typography.Paragraph>
          All our tutors are qualified medical tutors with proven track records. Start with a FREE 15-30 minute session
          to meet your tutor.
        </Typography.Paragraph>
        <div className="card-grid">
          {tutors.map((tutor) => (
            <Card key={tutor.specialty}>
              <Typography.Title level={3}>{tutor.specialty}</Typography.Title>
              <ul className="feature-list">
                {tutor.qualifications.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <Rate disabled value={5} aria-label="Rated 5 out of 5" />
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
