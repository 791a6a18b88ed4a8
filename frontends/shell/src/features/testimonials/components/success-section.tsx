import { Paragraph, Title } from '@medtutor/web-kit/ui';
import { TestimonialForm } from './testimonial-form';
import { TestimonialList } from './testimonial-list';

/** Home page section `#success` (docs/product.md §1 and §2): approved stories and the submission form. */
export function SuccessSection() {
  return (
    <section id="success" aria-labelledby="success-heading" className="section section--tinted">
      <div className="section__inner">
        <Title level={2} id="success-heading">
          Success Stories
        </Title>
        <Paragraph style={{ maxWidth: 720 }}>
          Our students have a 99% success rate. They prepare with qualified medical-student tutors, practise with mock
          exams and interviews, and study 100% online from wherever they are.
        </Paragraph>
        <TestimonialList />
        <Title level={3} style={{ marginTop: '2.5rem' }}>
          Share Your Success Story
        </Title>
        <div style={{ maxWidth: 720 }}>
          <TestimonialForm />
        </div>
      </div>
    </section>
  );
}
