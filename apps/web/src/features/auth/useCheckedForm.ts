import { type FormEvent, useRef, useState } from 'react';

/** One rule per field: the message to show, or undefined when the value is valid. */
export type FieldRules<T> = { [K in keyof T]?: (value: T[K]) => string | undefined };
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

function check<T extends object>(values: T, rules: FieldRules<T>): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const key of Object.keys(rules) as (keyof T)[]) {
    const message = rules[key]?.(values[key]);
    if (message) errors[key] = message;
  }
  return errors;
}

/**
 * The small form state of the sign-in pages (kept off react-hook-form so /login's first bundle stays small):
 * fields are checked on submit, then again on every change once a submit was tried.
 */
export function useCheckedForm<T extends object>(initial: T, rules: FieldRules<T>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const submitted = useRef(false);

  function setValue<K extends keyof T>(key: K, value: T[K]): void {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted.current) setErrors(check(next, rules));
  }

  const handleSubmit = (onValid: (values: T) => void | Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const found = check(values, rules);
    setErrors(found);
    if (Object.keys(found).length === 0) void onValid(values);
  };

  return { values, errors, setValue, handleSubmit };
}
