import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import { type FieldDef, MSG, RESOURCE_MSG, type ResourceDef, type ResourceRow, resourceSchemas } from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { Fragment, type KeyboardEvent, type ReactNode, useEffect, useMemo } from 'react';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { toast } from '../../api/toast';
import { pointPickerFields } from '../map/pointPick';
import { useResourceMutations } from './api';
import { serverMessageOr } from './errors';
import { FieldInput, type FormValues } from './fields/FieldInput';
import { PointPickerField } from './fields/PointPickerField';
import { changedValues, formFields, initialValues } from './values';

export interface ResourceFormProps {
  def: ResourceDef;
  /** List URL with parent params filled. */
  url: string;
  /** null: a new item. */
  row: ResourceRow | null;
  onSaved: (row: ResourceRow) => void;
  onCancel: () => void;
  /** Bumped to reset the form (the dialog resets 300 ms after closing). */
  resetKey?: number;
  /** A field the catalogue draws itself (a picker, a map): undefined keeps the generic input, null hides it. */
  renderField?: (field: FieldDef, form: UseFormReturn<FormValues>) => ReactNode | undefined;
  /** Values set by the page (an outline drawn on a map): sent, never shown as inputs; their errors shown. */
  fixed?: FormValues;
}

/** Up and down arrows move between the form's fields (people.md generic table keyboard use). */
function moveFocus(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const target = event.target as HTMLElement;
  if (target.tagName === 'TEXTAREA' || target.getAttribute('aria-expanded') === 'true') return;
  const inputs = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(
      'input:not([type=hidden]):not([tabindex="-1"]), textarea, [role=combobox]',
    ),
  ].filter((el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true');
  const index = inputs.indexOf(target);
  if (index < 0) return;
  const next = inputs[index + (event.key === 'ArrowDown' ? 1 : -1)];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/** The add/edit form of a declaration: shared zod schema, server 422 errors on their fields, toasts. */
export function ResourceForm({ def, url, row, onSaved, onCancel, resetKey, renderField, fixed }: ResourceFormProps) {
  const editing = row !== null;
  const schemas = resourceSchemas(def);
  const initial = useMemo(() => ({ ...initialValues(def, row), ...fixed }), [def, row, fixed]);
  const form = useForm<FormValues>({
    defaultValues: initial,
    resolver: zodResolver(editing ? schemas.update : schemas.create) as unknown as Resolver<FormValues>,
  });
  const { save } = useResourceMutations(def, url);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey asks for a reset
  useEffect(() => form.reset(initial), [initial, resetKey]);

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const saved = await save.mutateAsync({
          id: row?.id ?? null,
          values: changedValues(def, initial, values, editing),
        });
        toast.success(MSG.saved);
        onSaved(saved.data);
      } catch (error) {
        if (error instanceof ApiError) {
          for (const [name, messages] of Object.entries(error.errors)) {
            const field = name.replace(/\.\d+$/, '');
            if (def.fields.some((f) => f.name === field))
              form.setError(field, { type: 'server', message: messages[0] });
          }
        }
        toast.error(serverMessageOr(error, MSG.saveFailed));
      }
    },
    () => toast.error(MSG.fillAllFields),
  );

  const fields = formFields(def, editing);
  // A point set by the page (drawn on the map editor) has no inputs, so no map either.
  const pointPair = pointPickerFields(
    def,
    fields.filter((f) => !(fixed && f.name in fixed)),
  );
  const input = (field: FieldDef, autoFocus: boolean) => {
    const own = renderField?.(field, form);
    if (own !== undefined) return <Fragment key={field.name}>{own}</Fragment>;
    return <FieldInput key={field.name} field={field} control={form.control} autoFocus={autoFocus} editing={editing} />;
  };
  return (
    <form noValidate onSubmit={submit} onKeyDown={moveFocus} data-testid="resource-form">
      <Stack spacing={2} sx={{ pt: 1 }}>
        {fields.map((field, i) => {
          if (fixed && field.name in fixed) {
            const error = form.formState.errors[field.name]?.message;
            return error ? (
              <Alert key={field.name} severity="error" data-testid={`fixed-error-${field.name}`}>
                {tr('{{name}}: {{message}}', { name: tr(field.label), message: String(error) })}
              </Alert>
            ) : null;
          }
          if (pointPair?.[0] === field.name) {
            const second = fields.find((f) => f.name === pointPair[1]) as FieldDef;
            return (
              <PointPickerField key="point-picker" form={form} inputs={[input(field, i === 0), input(second, false)]} />
            );
          }
          if (pointPair?.[1] === field.name) return null;
          return input(field, i === 0);
        })}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', pt: 1 }}>
          <Button onClick={onCancel}>{RESOURCE_MSG.cancel}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {RESOURCE_MSG.save}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
