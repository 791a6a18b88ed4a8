import { needsGuardian } from '@medtutor/contracts';
import { Field, Input, type InputProps } from '@medtutor/web-kit/ui';
import './date-of-birth-fields.css';

type AgeField = 'dateOfBirth' | 'guardianName' | 'guardianEmail';

interface DateOfBirthFieldsProps {
  /** `useZodForm`'s props of a field. */
  fieldProps: (name: AgeField) => InputProps & { id: string };
  errors: Partial<Record<AgeField, string>>;
  dateOfBirth: string | undefined;
}

/**
 * The date of birth (issue 26), and for a student aged 13–17 their parent's or guardian's name and
 * email, who will be asked for consent. Registration and the checkout's date-of-birth form share it.
 */
export function DateOfBirthFields({ fieldProps, errors, dateOfBirth }: DateOfBirthFieldsProps) {
  const date = fieldProps('dateOfBirth');
  const guardianName = fieldProps('guardianName');
  const guardianEmail = fieldProps('guardianEmail');
  const minor = needsGuardian(dateOfBirth, new Date());
  return (
    <>
      <Field
        label="Date of birth"
        htmlFor={date.id}
        error={errors.dateOfBirth}
        help="MedPath Tutors is for students aged 13 and over."
      >
        <Input {...date} type="date" autoComplete="bday" aria-required />
      </Field>
      {minor && (
        <fieldset className="guardian-fields">
          <legend>Your parent or guardian</legend>
          <p className="guardian-fields__note">
            Students under 18 need a parent&apos;s or guardian&apos;s consent before they can pay. We will email them a
            link to give it; you can browse and book a free trial meanwhile.
          </p>
          <Field label="Parent or guardian's name" htmlFor={guardianName.id} error={errors.guardianName}>
            <Input {...guardianName} autoComplete="off" aria-required />
          </Field>
          <Field label="Parent or guardian's email" htmlFor={guardianEmail.id} error={errors.guardianEmail}>
            <Input {...guardianEmail} type="email" autoComplete="off" aria-required />
          </Field>
        </fieldset>
      )}
    </>
  );
}
