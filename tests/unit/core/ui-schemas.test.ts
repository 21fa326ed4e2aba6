import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, lookup } from '../../../src/core/i18n/messages';
import { loadLocale } from '../../../src/core/i18n/load-locales';
import { REPO_ROOT } from '../../../src/core/schemas/catalog';
import { FORM_IDS } from '../../../src/core/schemas/compose';
import { catalog } from '../../support/validator';

type UiSchema = Record<string, unknown> & { 'ui:order'?: string[] };
const uiSchema = (formId: string): UiSchema =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'ui-schemas', `${formId}.json`), 'utf8')) as UiSchema;

describe('ui-schemas', () => {
  it.each(FORM_IDS.map((f) => [f]))('%s names only fields of its form', (formId) => {
    const ui = uiSchema(formId);
    const fields = Object.keys(catalog.forms[formId]?.properties ?? {});
    for (const name of ui['ui:order'] ?? []) if (name !== '*') expect(fields).toContain(name);
    for (const key of Object.keys(ui)) if (!key.startsWith('ui:')) expect(fields).toContain(key);
  });

  it('uses placeholder and help keys that every locale translates', () => {
    const keys = new Set<string>();
    const collect = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if ((k === 'ui:placeholder' || k === 'ui:help') && typeof v === 'string') keys.add(v);
        else collect(v);
      }
    };
    FORM_IDS.forEach((f) => collect(uiSchema(f)));
    expect(keys.size).toBeGreaterThan(5);
    for (const locale of LOCALES) {
      const fields = loadLocale(locale).fields;
      expect(
        [...keys].filter((k) => lookup(fields, k) === undefined),
        locale,
      ).toEqual([]);
    }
  });
});
