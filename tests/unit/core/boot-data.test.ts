// The boot data written into the portal's page can never end its script element or be read as a
// replacement pattern: a value holding "</script>" or "$'" comes back exactly as it was.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, bootScriptText, type BootData } from '../../../src/core/routes/boot-data';
import type { Configuration } from '../../../src/core/types/entities/configuration';
import { createPortalPage } from '../../../src/server/services/portal-page';

const hostile = `</script><script>alert(1)</script> $' $& $1 <!-- ${'`'}`;
const boot = { configuration: { portalName: hostile } as unknown as Configuration } as BootData;

describe('boot data in the page', () => {
  it('has no "<" that could close the script element, and parses back to the same value', () => {
    const text = bootScriptText(boot);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(boot);
  });

  it('is written into the page exactly once, after the root element', () => {
    const webDir = mkdtempSync(join(tmpdir(), 'payee-boot-'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    const html = createPortalPage(webDir).render({ pathname: '/', boot, locale: 'en' });
    const open = `<div id="root"></div><script type="application/json" id="${BOOT_ELEMENT_ID}">`;
    expect(html.split(open)).toHaveLength(2);
    const rest = html.slice(html.indexOf(open) + open.length);
    expect(JSON.parse(rest.slice(0, rest.indexOf('</script>')))).toEqual(boot);
    expect(rest.slice(rest.indexOf('</script>'))).toBe('</script></body></html>');
  });
});
