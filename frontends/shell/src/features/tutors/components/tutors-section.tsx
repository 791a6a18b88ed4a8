import type { PublicTutorDto } from '@medtutor/contracts';
import { Avatar, Card, Rate, Skeleton, Typography } from 'antd';
import { useTutors } from '../api/get-tutors';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

function TutorCard({ tutor }: { tutor: PublicTutorDto }) {
  const qualifications = tutor.qualifications.split('\n').filter((line) => line.trim());
  return (
    <Card>
      <div className="tutor-card__header">
        {tutor.photoUrl ? (
          <Avatar size={72} src={<img src={tutor.photoUrl} alt={tutor.name} width={72} height={72} loading="lazy" />} />
        ) : (
          // No photo yet: initials on the brand colour, so the card never shows a broken image.
          <Avatar size={72} className="tutor-card__initials" aria-hidden>
            {initialsOf(tutor.name)}
          </Avatar>
        )}
        <div>
          <Typography.Title level={3}>{tutor.name}</Typography.Title>
          <Typography.Text type="secondary">{tutor.specialty}</Typography.Text>
        </div>
      </div>
      <ul className="feature-list">
        {qualifications.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Rate disabled value={5} aria-label="Rated 5 out of 5" />
    </Card>
  );
}

/** Home page section `#tutors` (spec section 2): the tutor directory's active entries. */
export function TutorsSection() {
  const { tutors, isLoading } = useTutors();
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
        <div className="card-grid" aria-busy={isLoading}>
          {tutors?.map((tutor) => (
            <TutorCard key={tutor.id} tutor={tutor} />
          ))}
          {isLoading &&
            [0, 1].map((slot) => (
              <Card key={slot}>
                <Skeleton avatar active paragraph={{ rows: 3 }} />
              </Card>
            ))}
        </div>
      </div>
    </section>
  );
}
