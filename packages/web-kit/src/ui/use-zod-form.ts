import type { ChangeEvent, FocusEvent, FormEvent } from 'react';
import { useCallback, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { fieldHelpId } from './form';

type FieldName<T> = Extract<keyof T, string>;
type Errors<T> = Partial<Record<FieldName<T>, string>>;
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface UseZodFormOptions<T> {
  initialValues: T;
  /** Loads the contracts schema on demand, so zod stays out of the page's start-up JavaScript. */
  loadSchema: () => Promise<ZodType>;
  onSubmit: (values: T, parsed: unknown) => Promise<void> | void;
  /** Prefixes the controls' ids when two forms with the same field names share a page. */
  idPrefix?: string;
}

/** The first message per field, in the server's wording. */
function errorsOf<T>(schema: ZodType, values: T): { errors: Errors<T>; data?: unknown } {
  const result = schema.safeParse(values);
  if (result.success) return { errors: {}, data: result.data };
  const errors: Errors<T> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as FieldName<T>] = issue.message;
  }
  return { errors };
}

/**
 * Form state validated with a lazily loaded zod schema: a touched field is checked when it loses
 * focus, a field showing an error is checked again as it is edited, and submit checks everything,
 * focuses the first invalid control and calls `onSubmit` only with valid values.
 */
export function useZodForm<T extends Record<string, unknown>>({
  initialValues,
  loadSchema,
  onSubmit,
  idPrefix,
}: UseZodFormOptions<T>) {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [submitting, setSubmitting] = useState(false);
  // Fields the user has edited: leaving one untouched (tabbing through) shows no error yet.
  const touched = useRef(new Set<FieldName<T>>());
  // What handlers read: state as of the last event, not of the last render (blur follows change at once).
  const latest = useRef({ values: initialValues, errors: {} as Errors<T>, submitting: false });
  const schema = useRef<Promise<ZodType> | undefined>(undefined);
  const loadedSchema = useRef<ZodType | undefined>(undefined);

  const prefetch = useCallback((): Promise<ZodType> => {
    schema.current ??= loadSchema().then((loaded) => (loadedSchema.current = loaded));
    return schema.current;
  }, [loadSchema]);

  const showErrors = (next: Errors<T>) => {
    latest.current.errors = next;
    setErrors(next);
  };

  const showFieldError = (name: FieldName<T>, fieldValues: T, zod: ZodType) => {
    showErrors({ ...latest.current.errors, [name]: errorsOf(zod, fieldValues).errors[name] });
  };

  const setValue = <K extends FieldName<T>>(name: K, value: T[K]) => {
    touched.current.add(name);
    const next = { ...latest.current.values, [name]: value };
    latest.current.values = next;
    setValues(next);
    if (latest.current.errors[name] && loadedSchema.current) showFieldError(name, next, loadedSchema.current);
  };

  const validateField = async (name: FieldName<T>) => {
    const zod = await prefetch();
    showFieldError(name, latest.current.values, zod);
  };

  const controlId = (name: FieldName<T>) => (idPrefix ? `${idPrefix}-${name}` : name);

  const fieldProps = (name: FieldName<T>) => {
    const id = controlId(name);
    const invalid = Boolean(errors[name]);
    return {
      id,
      name,
      value: String(values[name] ?? ''),
      onChange: (event: ChangeEvent<Control>) => setValue(name, event.target.value as T[typeof name]),
      onBlur: (_event: FocusEvent<Control>) => {
        if (touched.current.has(name) || latest.current.errors[name]) void validateField(name);
      },
      invalid,
      'aria-invalid': invalid || undefined,
      'aria-describedby': fieldHelpId(id),
    };
  };

  const checkboxProps = (name: FieldName<T>) => {
    const id = controlId(name);
    const invalid = Boolean(errors[name]);
    return {
      id,
      name,
      checked: Boolean(values[name]),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValue(name, event.target.checked as T[typeof name]);
        void validateField(name);
      },
      'aria-invalid': invalid || undefined,
      'aria-describedby': fieldHelpId(id),
    };
  };

  const submit = async (form: HTMLFormElement) => {
    if (latest.current.submitting) return;
    const zod = await prefetch();
    const submitted = latest.current.values;
    const { errors: found, data } = errorsOf(zod, submitted);
    showErrors(found);
    const invalidNames = Object.keys(found);
    if (invalidNames.length > 0) {
      // The first invalid control in the form's own order, as a reader meets them.
      const firstInvalid = Array.from(form.elements).find(
        (element): element is HTMLElement =>
          element instanceof HTMLElement && invalidNames.includes(element.getAttribute('name') ?? ''),
      );
      firstInvalid?.focus();
      return;
    }
    latest.current.submitting = true;
    setSubmitting(true);
    try {
      await onSubmit(submitted, data);
    } finally {
      latest.current.submitting = false;
      setSubmitting(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget);
  };

  const reset = () => {
    latest.current.values = initialValues;
    touched.current.clear();
    setValues(initialValues);
    showErrors({});
  };

  return { values, errors, setValue, fieldProps, checkboxProps, handleSubmit, reset, submitting, prefetch };
}
