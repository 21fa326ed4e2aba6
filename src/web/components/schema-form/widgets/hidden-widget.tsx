import type { Props } from './shared';

export function HiddenWidget({ id, htmlName, value }: Props) {
  return (
    <input
      type="hidden"
      id={id}
      name={htmlName || id}
      value={value === undefined || value === null ? '' : String(value)}
    />
  );
}
