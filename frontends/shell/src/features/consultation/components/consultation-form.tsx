import { Notices } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { ContactFields, ParentCheckbox, contactRequestInitialValues } from '../../../components/contact-fields';
import { Button, Field, Select, TextArea, useZodForm } from '@medtutor/web-kit/ui';
import { useCreateConsultation } from '../api/create-consultation';
import { type ConsultationRequest, consultationSubjectOptions } from '../utils/consultation-body';

const loadSchema = () => import('../utils/consultation-schema').then((module) => module.ConsultationBodySchema);

/** The home page's consultation request (docs/product.md §2 and §5), checked with the server's own schema. */
export function ConsultationForm() {
  const notices = useNotices();
  const { trigger } = useCreateConsultation();
  const { consultation } = Notices;

  const form = useZodForm({
    initialValues: contactRequestInitialValues,
    loadSchema,
    idPrefix: 'consultation',
    onSubmit: async (_values, parsed) => {
      try {
        // The schema's output is the request body: trimmed, an empty email left out.
        const reply = await trigger(parsed as ConsultationRequest);
        notices.success(consultation.homeSuccessTitle, reply.message || consultation.homeSuccess);
        form.reset();
      } catch (error) {
        notices.error(consultation.errorTitle, error, consultation.homeFailed);
      }
    },
  });
  const subject = form.fieldProps('subjectInterest');
  const additionalInfo = form.fieldProps('additionalInfo');

  return (
    <form id="consultation" noValidate onSubmit={form.handleSubmit} onFocusCapture={() => void form.prefetch()}>
      <ContactFields form={form} emailRequired={false} />
      <Field label="Subject" htmlFor={subject.id} error={form.errors.subjectInterest}>
        <Select {...subject} options={consultationSubjectOptions} placeholder="Choose a subject" aria-required />
      </Field>
      <Field label="Additional information" htmlFor={additionalInfo.id} optional error={form.errors.additionalInfo}>
        <TextArea {...additionalInfo} rows={4} />
      </Field>
      <ParentCheckbox form={form} />
      <Button variant="primary" type="submit" size="large" loading={form.submitting}>
        Request Consultation
      </Button>
    </form>
  );
}
