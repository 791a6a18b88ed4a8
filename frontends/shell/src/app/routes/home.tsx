import { PageTexts } from '@medtutor/contracts';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ContactSection } from '../../features/free-trial/components/contact-section';
import { PricingSection } from '../../features/pricing/components/pricing-section';
import { SubjectsSection } from '../../features/subjects/components/subjects-section';
import { SuccessSection } from '../../features/testimonials/components/success-section';
import { TutorsSection } from '../../features/tutors/components/tutors-section';
import { BusinessStructuredData } from '../../seo/business-structured-data';
import { Flex, Paragraph, Tag, Title } from '@medtutor/web-kit/ui';

export function HomeRoute() {
  return (
    <>
      <PageTitle />
      <BusinessStructuredData />
      <section className="hero" aria-labelledby="home-heading">
        <div className="hero__inner">
          <Title level={1} id="home-heading">
            {PageTexts.tagline}
          </Title>
          <Title level={2} style={{ marginTop: 0 }}>
            Small Company, Big Dreams
          </Title>
          <Paragraph style={{ fontSize: '1.15rem', maxWidth: 720 }}>
            We are a small team of medical students who tutor one to one. Every lesson is personalised to the student in
            front of us, whether you are preparing for medical school interviews or studying at medical school.
          </Paragraph>
          <Flex wrap gap="small" style={{ marginBottom: '1.5rem' }}>
            <Tag>99% success rate</Tag>
            <Tag>Qualified medical-student tutors</Tag>
            <Tag>100% online</Tag>
          </Flex>
          <Link to="/#contact" className="button-link button-link--large">
            Book Your Free Trial Session
          </Link>
        </div>
      </section>
      <SubjectsSection />
      <TutorsSection />
      <PricingSection />
      <SuccessSection />
      <ContactSection />
    </>
  );
}
