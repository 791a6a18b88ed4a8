import { type CurrencyCode, PackageTypes, formatListPrice } from '@medtutor/contracts';
import { Link } from 'react-router';
import type { SubjectOffering } from '../../../config/catalog';
import { PageTitle } from '../../../components/page-title';
import { Alert, Card, Paragraph, Text, Title } from '@medtutor/web-kit/ui';
import { listPrice, packageHours, packageName, packageSavingMinor, useCatalog } from '../../../lib/catalog';
import { subjectArt, subjectArtSize } from '../subject-art';

interface SubjectPageProps {
  subject: SubjectOffering;
  /** The currency of the package cards: the catalog's default (GBP) unless a page picks another. */
  currency?: CurrencyCode;
}

/**
 * A subject page (docs/product.md §2): hero, about text, offerings, package cards and the free trial. The
 * cards' names, hours, prices and savings come from the catalog, as checkout charges them.
 */
export function SubjectPage({ subject, currency: chosenCurrency }: SubjectPageProps) {
  const { catalog } = useCatalog();
  const currency = chosenCurrency ?? catalog.defaultCurrency;
  const packages = PackageTypes.map((packageType) => {
    const hours = packageHours(catalog, packageType);
    const saving = packageSavingMinor(catalog, subject.title, packageType, currency);
    return {
      label: packageName(catalog, packageType),
      price: listPrice(catalog, subject.title, packageType, currency),
      note:
        packageType === 'singleSession'
          ? 'per hour'
          : `${hours ?? ''} hours${saving === undefined ? '' : `, save ${formatListPrice(saving, currency)}`}`,
    };
  });

  return (
    <>
      <PageTitle title={subject.title} description={subject.summary} />
      <section className="hero" aria-labelledby="subject-heading">
        <div className="hero__inner hero__inner--with-art">
          <div>
            <Title level={1} id="subject-heading">
              {subject.title}
            </Title>
            <Paragraph style={{ fontSize: '1.15rem', maxWidth: 720 }}>{subject.summary}</Paragraph>
            {!subject.available && (
              <Alert
                type="error"
                showIcon
                title="Currently Unavailable"
                description={`${subject.title} tutoring is currently unavailable.`}
                style={{ maxWidth: 720, marginBottom: '1.5rem' }}
              />
            )}
            <Link to="/#contact" className="button-link button-link--large">
              Book Your Free Trial Session
            </Link>
          </div>
          <img
            src={subjectArt[subject.path]?.src}
            alt={subjectArt[subject.path]?.alt ?? ''}
            {...subjectArtSize}
            className="subject-art subject-art--hero"
          />
        </div>
      </section>
      <section className="section" aria-labelledby="about-heading">
        <div className="section__inner">
          <Title level={2} id="about-heading">
            About {subject.title} Tutoring
          </Title>
          <Paragraph style={{ maxWidth: 720 }}>{subject.about}</Paragraph>
          <Title level={3}>What We Offer</Title>
          <ul className="feature-list">
            {subject.offerings.map((offering) => (
              <li key={offering}>{offering}</li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="packages-heading">
        <div className="section__inner">
          <Title level={2} id="packages-heading">
            Packages
          </Title>
          <Paragraph>
            Every student starts with a free 15-30 minute trial session. Payment must be completed at least 48 hours
            before a session.
          </Paragraph>
          <div className="card-grid">
            {packages.map((item) => (
              <Card key={item.label} title={item.label}>
                <p className="price">{item.price}</p>
                <Text type="secondary">{item.note}</Text>
              </Card>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
