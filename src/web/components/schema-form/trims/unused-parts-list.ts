// The parts of RJSF's default registry the portal's bundle leaves out (see unused-parts.tsx), and
// those it loads only when a form reaches them (late-parts.tsx).

/** The registry entries replaced by this stand-in (file names under @rjsf/core's components). */
export const UNUSED_RJSF_PARTS = {
  fields: ['LayoutGridField', 'LayoutHeaderField', 'LayoutMultiSchemaField'],
  widgets: [
    'AltDateTimeWidget',
    'AltDateWidget',
    'ColorWidget',
    'FileWidget',
    'RangeWidget',
    'RatingWidget',
    'TimeWidget',
  ],
} as const;

/**
 * The registry entries loaded when first rendered: the fields of arrays, `oneOf`/`anyOf`, cyclic
 * `$ref`s, optional data and unknown types, and their templates. No form of ours has one (so
 * tests/web/schema-form/trims.test.tsx checks none is reached), but a published rule may give a
 * form one, and it then works a moment later instead of failing.
 */
export const LATE_RJSF_PARTS = {
  fields: [
    'ArrayField',
    'CyclicSchemaField',
    'FallbackField',
    'MultiSchemaField',
    'OptionalDataControlsField',
  ],
  templates: [
    'ArrayFieldDescriptionTemplate',
    'ArrayFieldItemButtonsTemplate',
    'ArrayFieldItemTemplate',
    'ArrayFieldTemplate',
    'ArrayFieldTitleTemplate',
    'CyclicSchemaExpandTemplate',
    'FallbackFieldTemplate',
    'MultiSchemaFieldTemplate',
    'OptionalDataControlsTemplate',
  ],
} as const;
