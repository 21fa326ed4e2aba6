// The portal's text namespaces (locales/<lng>/<namespace>.json), shared by the portal, which loads
// them per page, and the server, which announces a form screen's texts in the page it sends.
export const NAMESPACES = ['common', 'fields', 'validation'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** What the generated forms read besides `common`: field labels and validation messages. */
export const FORM_NAMESPACES = ['fields', 'validation'] as const satisfies readonly Namespace[];
