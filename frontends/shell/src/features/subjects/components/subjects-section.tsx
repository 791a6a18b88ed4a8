import { Card, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { subjects } from '../../../config/catalog';
import { subjectArt, subjectArtSize } from '../subject-art';

/** Home page section `#subjects`: one card per subject with its hourly price. */
export function SubjectsSection() {
  return (
    <section id="subjects" aria-labelledby="subjects-heading" className="section">
      <div className="section__inner">
        <Typography.Title level={2} id="subjects-heading">
          Our Subjects
        </Typography.Title>
        <div className="card-grid">
          {subjects.map((subject) => (
            <Card
              key={subject.path}
              title={
                <Typography.Title level={3} style={{ margin: 0 }}>
                  {subject.title}
                </Typography.Title>
              }
              extra={
                !subject.available && (
                  <Tag disabled={false} color="red">
                    Currently Unavailable
                  </Tag>
                )
              }
              cover={
                // Below the fold: sized, so nothing moves when it arrives, and fetched only when near.
                <img
                  src={subjectArt[subject.path]?.src}
                  alt={subjectArt[subject.path]?.alt ?? ''}
                  {...subjectArtSize}
                  loading="lazy"
                  decoding="async"
                  className="subject-art"
                />
              }
            >
              <Typography.Paragraph>{subject.summary}</Typography.Paragraph>
              <p className="price">
                £{subject.prices.singleSession}
                <Typography.Text type="secondary"> per hour</Typography.Text>
              </p>
              <Link to={subject.path}>
                Learn More<span className="visually-hidden"> about {subject.title}</span>
              </Link>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
