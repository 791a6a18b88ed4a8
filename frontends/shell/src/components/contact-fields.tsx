import type { ChangeEventHandler } from 'react';
import { Checkbox, Field, Input, type InputProps } from '@medtutor/web-kit/ui';
import './contact-fields.css';

type ContactFieldName = 'firstName' | 'lastName' | 'email' | 'phone';

/** The empty consultation and free-trial forms: the contact fields, the subject, a note and the parent box. */
export const contactRequestInitialValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  subjectInterest: '',
  additionalInfo: '',
  isParent: false,
};

/** The part of a `useZodForm` result the contact fields bind to. */
interface ContactForm {
  fieldProps: (name: ContactFieldName) => InputProps & { id: string };
  errors: Partial<Record<ContactFieldName, string>>;
}

/**
 * Name, email and phone: the contact fields the home consultation form and the /contact free-trial
 * form share. Each form validates them with its own schema (docs/product.md §5: the free trial needs an
 * email and a longer phone number); the email is marked optional where it is.
 */
export function ContactFields({ form, emailRequired }: { form: ContactForm; emailRequired: boolean }) {
  const { fieldProps, errors } = form;
  const firstName = fieldProps('firstName');
  const lastName = fieldProps('lastName');
  const email = fieldProps('email');
  const phone = fieldProps('phone');
  return (
    <div className="ui-form-row">
      <Field label="First name" htmlFor={firstName.id} error={errors.firstName}>
        <Input {...firstName} autoComplete="given-name" aria-required />
      </Field>
      <Field label="Last name" htmlFor={lastName.id} error={errors.lastName}>
        <Input {...lastName} autoComplete="family-name" aria-required />
      </Field>
      <Field label="Email" htmlFor={email.id} optional={!emailRequired} error={errors.email}>
        <Input {...email} type="email" autoComplete="email" aria-required={emailRequired || undefined} />
      </Field>
      <Field label="Phone" htmlFor={phone.id} error={errors.phone}>
        <Input {...phone} type="tel" autoComplete="tel" aria-required />
      </Field>
    </div>
  );
}

/** The part of a `useZodForm` result the parent checkbox binds to. */
interface ParentForm {
  checkboxProps: (name: 'isParent') => {
    id: string;
    name: string;
    checked: boolean;
    onChange: ChangeEventHandler<HTMLInputElement>;
  };
}

/** Both forms let a parent or guardian ask for their child; the box can never be wrong, so it has no message. */
export function ParentCheckbox({ form }: { form: ParentForm }) {
  const { id, name, checked, onChange } = form.checkboxProps('isParent');
  return (
    <div className="contact-fields__checkbox">
      <Checkbox id={id} name={name} checked={checked} onChange={onChange}>
        I am a parent or guardian requesting for my child
      </Checkbox>
    </div>
  );
}
