import type { CurrencyCode } from '@medtutor/contracts';
import { Link } from 'react-router';
import { subjects } from '../../../config/catalog';
import { listPrice, useCatalog } from '../../../lib/catalog';
import { Card, Paragraph, Tag, Text, Title } from '@medtutor/web-kit/ui';
import { subjectArt, subjectArtSize } from '../subject-art';

/**
 * Home page section `#subjects`: one card per subject with its hourly price from the catalog, in
 * `currency` (the catalog's default, GBP, unless a page picks another).
 */
export function SubjectsSection({ currency: chosenCurrency }: { currency?: CurrencyCode } = {}) {
  const { catalog } = useCatalog();
  const currency = chosenCurrency ?? catalog.defaultCurrency;
  return (
    <section id="subjects" aria-labelledby="subjects-heading" className="section">
      <div className="section__inner">
        <Title level={2} id="subjects-heading">
          Our Subjects
        </Title>
        <div className="card-grid">
          {subjects.map((subject) => (
            <Card
              key={subject.path}
              title={
                <Title level={3} style={{ margin: 0 }}>
                  {subject.title}
                </Title>
              }
              extra={!subject.available && <Tag color="red">Currently Unavailable</Tag>}
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
              <Paragraph>{subject.summary}</Paragraph>
              <p className="price">
                {listPrice(catalog, subject.title, 'singleSession', currency)}
                <Text type="secondary"> per hour</Text>
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
