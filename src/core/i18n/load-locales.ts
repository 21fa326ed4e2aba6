// Reads locales/<lng>/<namespace>.json (Node only).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../schemas/catalog';
import { NAMESPACES, type Locale, type LocaleBundle, type MessageTree } from './messages';

const cache = new Map<Locale, LocaleBundle>();

export function loadLocale(locale: Locale, root: string = REPO_ROOT): LocaleBundle {
  const hit = cache.get(locale);
  if (hit && root === REPO_ROOT) return hit;
  const bundle = Object.fromEntries(
    NAMESPACES.map((ns) => [
      ns,
      JSON.parse(readFileSync(join(root, 'locales', locale, `${ns}.json`), 'utf8')) as MessageTree,
    ]),
  ) as LocaleBundle;
  if (root === REPO_ROOT) cache.set(locale, bundle);
  return bundle;
}

const commonCache = new Map<Locale, MessageTree>();

/** locales/<lng>/common.json: the portal's own strings, read once (server pages and mails). */
export function loadCommon(locale: Locale): MessageTree {
  let tree = commonCache.get(locale);
  if (!tree) {
    tree = JSON.parse(
      readFileSync(join(REPO_ROOT, 'locales', locale, 'common.json'), 'utf8'),
    ) as MessageTree;
    commonCache.set(locale, tree);
  }
  return tree;
}
