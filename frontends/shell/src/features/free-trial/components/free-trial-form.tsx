import { Notices } from '@medtutor/contracts';
import { useNotices } from '@medtutor/web-kit';
import { ContactFields, ParentCheckbox, contactRequestInitialValues } from '../../../components/contact-fields';
import { Button, Field, Select, TextArea, useZodForm } from '@medtutor/web-kit/ui';
import { useRequestFreeTrial } from '../api/request-free-trial';
import { type FreeTrialFields, freeTrialSubjectOptions, toFreeTrialBody } from '../utils/free-trial-body';

const loadSchema = () => import('../utils/free-trial-schema').then((module) => module.FreeTrialBodySchema);

/** The /contact free-trial request: the consultation fields under the stricter free-trial rules. */
export function FreeTrialForm() {
  const notices = useNotices();
  const { trigger } = useRequestFreeTrial();
  const { consultation } = Notices;

  const form = useZodForm({
    initialValues: contactRequestInitialValues,
    loadSchema,
    idPrefix: 'free-trial',
    onSubmit: async (_values, parsed) => {
      try {
        await trigger(toFreeTrialBody(parsed as FreeTrialFields));
        notices.success(consultation.freeTrialSuccessTitle, consultation.freeTrialSuccess);
        form.reset();
      } catch {
        // docs/product.md §8: this form shows its own failure text, not the server's.
        notices.error(consultation.errorTitle, undefined, consultation.freeTrialFailed);
      }
    },
  });
  const subject = form.fieldProps('subjectInterest');
  const additionalInfo = form.fieldProps('additionalInfo');
  const additionalInfoExtraId = `${additionalInfo.id}-extra`;

  return (
    <form id="free-trial" noValidate onSubmit={form.handleSubmit} onFocusCapture={() => void form.prefetch()}>
      <ContactFields form={form} emailRequired={true} />
      <Field label="Subject" htmlFor={subject.id} error={form.errors.subjectInterest}>
        <Select {...subject} options={freeTrialSubjectOptions} placeholder="Choose a subject" aria-required />
      </Field>
      <Field
        label="Additional information"
        htmlFor={additionalInfo.id}
        optional
        error={form.errors.additionalInfo}
        extra={
          <span id={additionalInfoExtraId}>
            Tell us about your goals. Left empty, we note that you would like a free trial for the subject.
          </span>
        }
      >
        <TextArea
          {...additionalInfo}
          rows={4}
          aria-describedby={`${additionalInfo['aria-describedby']} ${additionalInfoExtraId}`}
        />
      </Field>
      <ParentCheckbox form={form} />
      <Button variant="primary" type="submit" size="large" loading={form.submitting}>
        Request Free Trial
      </Button>
    </form>
  );
}
