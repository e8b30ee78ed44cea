// The shared form: wires react-hook-form to a zod schema. A feature's form declares its schema
// (rules and product messages together) and its fields; validation runs on submit and then on
// every change, and the submit handler's promise drives the submitting state.
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

interface FormProps<Values extends FieldValues> {
  schema: z.ZodType<Values, Values>;
  defaultValues: DefaultValues<Values>;
  onSubmit: (values: Values, form: UseFormReturn<Values>) => Promise<void> | void;
  children: (form: UseFormReturn<Values>) => ReactNode;
  className?: string;
  'aria-label'?: string;
}

export function Form<Values extends FieldValues>({ schema, defaultValues, onSubmit, children, className, ...rest }: FormProps<Values>) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  return (
    <form
      noValidate
      className={className ?? 'form'}
      aria-label={rest['aria-label']}
      onSubmit={form.handleSubmit((values) => onSubmit(values, form))}
    >
      {children(form)}
    </form>
  );
}
