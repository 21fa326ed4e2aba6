// Shared by the e2e global setup and the browser tests.
import { join } from 'node:path';
import { REPO_ROOT } from '../../../src/core/schemas/catalog';

export { REPO_ROOT };
export const E2E_ADMIN_KEY = 'e2e-admin-key-0123456789';
export { PASSWORD } from '../../support/journeys';
/** Pictures for humans to look at (gitignored with the rest of test-results/). */
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results/screenshots');
/**
 * Where the documents' pictures go: docs/screenshots/ (committed) only when asked with
 * README_SCREENSHOTS=1, so that a test run never changes the checkout; else beside the others.
 */
export const DOCS_SCREENSHOT_DIR =
  process.env.README_SCREENSHOTS === '1' ? join(REPO_ROOT, 'docs/screenshots') : SCREENSHOT_DIR;
