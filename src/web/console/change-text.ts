// A draft's change (the server's code and values, core/rules/console-types.ts) as a line in the
// staff member's language: "bankAccount › sortCode › pattern: ^\d{6}$ → ^08\d{4}$".
import type { RuleChange } from './api';
import { texts } from './texts';

/** A rule file's value as the file writes it (a text as it is). */
const show = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** A value's place in the file, its parts joined (`fields` left out: the field names say it). */
export const placeOf = (path: string): string =>
  path
    .split('/')
    .filter((part) => part && part !== 'fields')
    .join(' › ');

export function changeText(change: RuleChange): string {
  const T = texts.ruleChanges;
  const place = placeOf(change.path);
  switch (change.code) {
    case 'rule.added':
      return T.added(place, show(change.to));
    case 'rule.removed':
      return T.removed(place, show(change.from));
    case 'rule.changed':
      return T.changed(place, show(change.from), show(change.to));
    case 'example.added':
      return T.exampleAdded(show(change.to));
    case 'example.removed':
      return T.exampleRemoved(show(change.from));
    case 'file.created':
      return T.fileCreated(show(change.to), show(change.from));
    case 'file.retired':
      return T.fileRetired(show(change.from), show(change.to));
  }
}
