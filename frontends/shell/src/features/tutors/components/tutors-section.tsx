import type { PublicTutorDto } from '@medtutor/contracts';
import { Avatar, Card, Paragraph, Rate, Skeleton, Text, Title } from '@medtutor/web-kit/ui';
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
        <Avatar size={72} style={{ fontSize: 18 }}>
          {tutor.photoUrl ? (
            <img src={tutor.photoUrl} alt={tutor.name} width={72} height={72} loading="lazy" />
          ) : (
            // No photo yet: initials on the brand colour, so the card never shows a broken image.
            <span aria-hidden="true">{initialsOf(tutor.name)}</span>
          )}
        </Avatar>
        <div>
          <Title level={3}>{tutor.name}</Title>
          <Text type="secondary">{tutor.specialty}</Text>
        </div>
      </div>
      <ul className="feature-list">
        {qualifications.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Rate value={5} label="Rated 5 out of 5" />
    </Card>
  );
}

/** Home page section `#tutors` (docs/product.md §2): the tutor directory's active entries. */
export function TutorsSection() {
  const { tutors, isLoading } = useTutors();
  return (
    <section id="tutors" aria-labelledby="tutors-heading" className="section">
      <div className="section__inner">
        <Title level={2} id="tutors-heading">
          Meet Our Expert Tutors
        </Title>
        <Paragraph>
          All our tutors are qualified medical tutors with proven track records. Start with a FREE 15-30 minute session
          to meet your tutor.
        </Paragraph>
        <div className="card-grid" aria-busy={isLoading}>
          {tutors?.map((tutor) => (
            <TutorCard key={tutor.id} tutor={tutor} />
          ))}
          {isLoading &&
            [0, 1].map((slot) => (
              <Card key={slot}>
                <Skeleton avatar lines={3} />
              </Card>
            ))}
        </div>
      </div>
    </section>
  );
}
