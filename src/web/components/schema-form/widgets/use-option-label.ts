import { useTranslation } from 'react-i18next';

/** The label of an enum value: fields `options.<field>.<value>`, else the value itself. */
export function useOptionLabel(name: string) {
  const { t } = useTranslation('fields');
  return (value: unknown) => t(`options.${name}.${String(value)}`, { defaultValue: String(value) });
}
