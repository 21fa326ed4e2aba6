// What the bundle leaves out of RJSF (src/web/components/schema-form/trims: markdown, `allOf`
// merging, `$ref` resolution and the registry parts of unused-parts-list.ts) is never reached, nor
// are the parts it loads only when reached (late-parts.tsx), which then load and work:
// every form of the portal is rendered on the trimmed build, submitted empty, typed in and
// submitted again — RJSF's own code paths, not only our schemas. An RJSF upgrade that starts
// reaching one of them fails here; the rules console's editor runs on the same trimmed build in
// tests/e2e/rules-console.test.ts.
import Form from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reachedLateParts } from '../../../src/web/components/schema-form/trims/late-parts';
import { reachedUnusedParts } from '../../../src/web/components/schema-form/trims/unused-parts';
import { UNUSED_RJSF_PARTS } from '../../../src/web/components/schema-form/trims/unused-parts-list';
import { renderForm } from '../support/schema-form';

const FORMS = [
  { formId: 'register' },
  { formId: 'profile-person', country: 'US' },
  { formId: 'profile-company' },
  { formId: 'address', country: 'US' },
  { formId: 'phone' },
  { formId: 'bank-account', country: 'US', method: 'ACH' },
  { formId: 'bank-account', country: 'GB', method: 'WIRE' },
  { formId: 'bank-account', country: 'DE', method: 'WIRE' },
  { formId: 'debit-card' },
  { formId: 'paypal' },
  { formId: 'zelle' },
  { formId: 'physical-check' },
  { formId: 'guardian-invite' },
  { formId: 'otp' },
] as const;

afterEach(() => {
  reachedUnusedParts.clear();
  reachedLateParts.clear();
});

/** A validator that accepts everything: the control below only renders. */
const acceptAll: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};

describe('RJSF parts left out of the bundle', () => {
  it.each(FORMS.map((form) => [Object.values(form).join(' '), form] as const))(
    'are not reached by the %s form',
    async (_name, variant) => {
      const { user } = await renderForm(variant);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const first = screen.queryAllByRole('textbox')[0];
      if (first) await user.type(first, '1a');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect([...reachedUnusedParts]).toEqual([]);
      // Nor one loaded late: the form's first render would wait for its chunk.
      expect([...reachedLateParts]).toEqual([]);
    },
  );

  it('loaded late, load when a form reaches one (an array, a oneOf), and work', async () => {
    render(
      <Form
        schema={{
          type: 'object',
          properties: {
            nicknames: { type: 'array', title: 'Nicknames', items: { type: 'string' } },
            contact: {
              title: 'Contact',
              oneOf: [
                { title: 'By mail', type: 'object', properties: { street: { type: 'string' } } },
                { title: 'By phone', type: 'object', properties: { phone: { type: 'string' } } },
              ],
            },
          },
        }}
        formData={{ nicknames: ['Bea'] }}
        validator={acceptAll}
      />,
    );
    expect(await screen.findByDisplayValue('Bea')).toBeVisible();
    expect(await screen.findByRole('combobox')).toBeVisible();
    expect([...reachedLateParts]).toEqual(
      expect.arrayContaining(['ArrayField', 'MultiSchemaField']),
    );
  });

  it('refuse loudly when a form does name one', () => {
    // The stand-in is really what RJSF's registry holds: naming a left-out widget reaches it.
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    try {
      expect(() =>
        render(
          <Form
            schema={{ type: 'object', properties: { stars: { type: 'integer' } } }}
            uiSchema={{ stars: { 'ui:widget': 'RatingWidget' } }}
            validator={acceptAll}
          />,
        ),
      ).toThrow(/RatingWidget/);
    } finally {
      window.removeEventListener('error', onError);
    }
    expect([...reachedUnusedParts]).toEqual(['RatingWidget']);
    expect(UNUSED_RJSF_PARTS.widgets).toContain('RatingWidget');
  });
});
