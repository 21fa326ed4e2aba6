// The ids of the rule editor's inputs (rule-editor.tsx), which a refusal's path names.
export const EDITOR_ID_PREFIX = 'rules';

/** The input id of a refusal's path (/rules/bankAccount/fields/sortCode/pattern). */
export const inputIdOf = (path: string): string =>
  [
    EDITOR_ID_PREFIX,
    ...path
      .replace(/^\/rules/, '')
      .split('/')
      .filter(Boolean),
  ].join('_');
