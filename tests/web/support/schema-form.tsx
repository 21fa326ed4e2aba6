// Renders a generated form the way a page does and records what it hands back.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { SchemaForm, type SchemaFormProps } from '../../../src/web/components/schema-form';
import { setLanguage, type Locale } from '../../../src/web/lib/i18n';
import { renderWithProviders } from './render';

export async function renderForm(
  props: Partial<SchemaFormProps> & Pick<SchemaFormProps, 'formId'>,
  locale: Locale = 'en',
) {
  const user = userEvent.setup();
  const onSubmit = props.onSubmit ?? vi.fn();
  const onChange = vi.fn();
  const view = await renderWithProviders(
    <SchemaForm submitLabel="Save" onChange={onChange} {...props} onSubmit={onSubmit} />,
  );
  if (locale !== 'en') await setLanguage(locale);
  // The variant's module is loaded lazily; the submit button shows once the form is there.
  await screen.findByRole('button', { name: props.submitLabel ?? 'Save' });
  /** The data of the last change. */
  const lastData = () => onChange.mock.lastCall?.[0] as Record<string, unknown> | undefined;
  return { ...view, user, onSubmit, onChange, lastData };
}

/** The messages shown under a field (its error container, which describes the input). */
export function errorsOf(input: HTMLElement): string[] {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const container = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('schema-form__errors'));
  return [...(container?.querySelectorAll('.schema-form__error') ?? [])].map(
    (p) => p.textContent ?? '',
  );
}
