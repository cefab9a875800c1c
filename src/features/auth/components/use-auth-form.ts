// A small form state hook for the auth pages (the same shape as Mantine's useForm, a few
// hundred bytes instead of the whole form package on the sign-in page's first load).
import { useState, type ChangeEvent, type FormEvent } from 'react';

type Values = Record<string, string>;
type Validator<V extends Values> = (value: string, values: V) => string | null;

interface Options<V extends Values> {
  initialValues: V;
  validate?: Partial<Record<keyof V, Validator<V>>>;
  /** fields checked when they lose focus (the rest on submit) */
  validateInputOnBlur?: (keyof V)[];
}

export function useAuthForm<V extends Values>({ initialValues, validate = {}, validateInputOnBlur = [] }: Options<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrorsState] = useState<Partial<Record<keyof V, string>>>({});

  const check = (name: keyof V, all: V) => validate[name]?.(all[name] ?? '', all) ?? null;

  const setErrors = (next: Partial<Record<string, string>>) => setErrorsState(next as Partial<Record<keyof V, string>>);

  const getInputProps = (name: keyof V) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((prev) => ({ ...prev, [name]: value }));
      if (errors[name]) setErrorsState((prev) => ({ ...prev, [name]: undefined }));
    },
    onBlur: validateInputOnBlur.includes(name)
      ? () => setErrorsState((prev) => ({ ...prev, [name]: check(name, values) ?? undefined }))
      : undefined,
  });

  const onSubmit = (handler: (values: V) => unknown) => (event?: FormEvent) => {
    event?.preventDefault();
    const next: Partial<Record<keyof V, string>> = {};
    for (const name of Object.keys(validate) as (keyof V)[]) {
      const error = check(name, values);
      if (error) next[name] = error;
    }
    setErrorsState(next);
    if (Object.keys(next).length === 0) void handler(values);
  };

  return { values, errors, getInputProps, onSubmit, setErrors };
}
