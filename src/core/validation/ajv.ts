// The one ajv factory shared by the browser build, the server and the CLIs.
import Ajv, { _, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { annotationKeywords, customKeywords } from './keywords';
import { isEmail } from './runtime';

export interface AjvFactoryOptions {
  /** Keep generated source so standalone validator modules can be written. */
  standalone?: boolean;
  /** ajv's strict mode (default on: the form schemas are held to it). */
  strict?: boolean;
}

// Formats the schemas use; the standalone modules find them at runtime.formats.
const FORMATS = ['email', 'date', 'date-time', 'uri', 'uri-reference', 'hostname', 'uuid'] as const;

export function createAjv({ standalone = false, strict = true }: AjvFactoryOptions = {}): Ajv {
  const options: Options = {
    allErrors: true,
    strict,
    // RJSF needs every error, and ours are rendered from keys, so ajv's texts stay English.
    messages: true,
    code: standalone ? { source: true, esm: true, formats: _`runtime.formats` } : {},
  };
  const ajv = new Ajv(options);
  addFormats(ajv, [...FORMATS]);
  ajv.addFormat('email', isEmail);
  for (const definition of customKeywords) ajv.addKeyword(definition);
  for (const keyword of annotationKeywords) ajv.addKeyword({ keyword });
  return ajv;
}
