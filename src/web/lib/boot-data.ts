// Reads what the server wrote into the page for the first render (core/routes/boot-data): the
// light start page and the full app both use it (app/boot-data.ts seeds the store with it).
import { BOOT_ELEMENT_ID, type BootData } from '../../core/routes/boot-data';

export function readBootData(doc: Document = document): BootData | null {
  const element = doc.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as BootData;
    return data && typeof data === 'object' && data.configuration ? data : null;
  } catch {
    return null;
  }
}
