// The parts of RJSF's default registry the portal's bundle leaves out (see unused-parts.tsx).

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
