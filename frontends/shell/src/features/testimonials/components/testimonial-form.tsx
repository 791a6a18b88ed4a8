import { Notices, type SubmitTestimonialBody, TestimonialLimits, TestimonialRatingLabels } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { Button, Field, Input, Select, TextArea, useZodForm } from '@medtutor/web-kit/ui';
import { useSubmitTestimonial } from '../api/submit-testimonial';

const ratingOptions = TestimonialRatingLabels.map(({ value, label }) => ({
  value: String(value),
  label: `${value} - ${label}`,
}));

const initialValues = { name: '', email: '', title: '', content: '', rating: String(TestimonialLimits.ratingDefault) };

const loadSchema = () => import('../utils/testimonial-schema').then((module) => module.SubmitTestimonialBodySchema);

/** docs/product.md §5 and §8: checked with the server's own schema; the email is for verification only. */
export function TestimonialForm() {
  const notices = useNotices();
  const { trigger } = useSubmitTestimonial();
  const N = Notices.testimonials;

  const form = useZodForm({
    initialValues,
    loadSchema,
    idPrefix: 'testimonial',
    onSubmit: async (_values, parsed) => {
      try {
        // The schema's output: trimmed texts and the rating as a number.
        await trigger(parsed as SubmitTestimonialBody);
        notices.success(N.submittedTitle, N.submitted);
        form.reset();
      } catch (error) {
        notices.error(N.submissionFailed, error, N.tryAgainLater);
      }
    },
  });
  const { errors, fieldProps } = form;
  const name = fieldProps('name');
  const email = fieldProps('email');
  const emailExtraId = `${email.id}-extra`;
  const title = fieldProps('title');
  const content = fieldProps('content');
  const rating = fieldProps('rating');

  return (
    <form id="testimonial" noValidate onSubmit={form.handleSubmit} onFocusCapture={() => void form.prefetch()}>
      <div className="ui-form-row">
        <Field label="Name" htmlFor={name.id} error={errors.name}>
          <Input {...name} autoComplete="name" maxLength={TestimonialLimits.nameMax} aria-required />
        </Field>
        <Field
          label="Email"
          htmlFor={email.id}
          error={errors.email}
          extra={<span id={emailExtraId}>Used only to verify your story; never shown publicly.</span>}
        >
          <Input
            {...email}
            type="email"
            autoComplete="email"
            aria-required
            aria-describedby={`${email['aria-describedby']} ${emailExtraId}`}
          />
        </Field>
      </div>
      <Field label="Title" htmlFor={title.id} error={errors.title}>
        <Input {...title} maxLength={TestimonialLimits.titleMax} aria-required />
      </Field>
      <Field label="Your experience" htmlFor={content.id} error={errors.content}>
        <TextArea {...content} rows={4} maxLength={TestimonialLimits.contentMax} aria-required />
      </Field>
      <Field label="Rating" htmlFor={rating.id} error={errors.rating}>
        <Select {...rating} options={ratingOptions} style={{ maxWidth: 240 }} aria-required />
      </Field>
      <Button variant="primary" type="submit" size="large" loading={form.submitting}>
        Submit Your Story
      </Button>
    </form>
  );
}
