// Which chunks the build gives V8's compile hint (scripts/compile-hints.ts), and where it puts it.
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import {
  COMPILE_HINT,
  COMPILE_HINT_MIN_BYTES,
  compileHints,
  wantsCompileHint,
} from '../../../scripts/compile-hints';

const code = (bytes: number) => 'x'.repeat(bytes);
const chunk = (name: string, bytes: number, moduleIds = [`/src/web/${name}.tsx`]) => ({
  name,
  code: code(bytes),
  moduleIds,
});

describe('compile hints', () => {
  it('hints code chunks of at least the minimum size', () => {
    expect(wantsCompileHint(chunk('core', COMPILE_HINT_MIN_BYTES))).toBe(true);
    expect(wantsCompileHint(chunk('app', 200_000))).toBe(true);
    expect(wantsCompileHint(chunk('after-paint', COMPILE_HINT_MIN_BYTES - 1))).toBe(false);
  });

  it('leaves out texts and the lookup libraries', () => {
    expect(wantsCompileHint(chunk('common', 30_000, ['/locales/en/common.json']))).toBe(false);
    for (const lookup of ['vendor-tax-id', 'vendor-phone', 'vendor-uk-modulus'])
      expect(wantsCompileHint(chunk(lookup, 100_000)), lookup).toBe(false);
    // A chunk of code that also holds JSON (the validators' manifest) is code.
    expect(
      wantsCompileHint(
        chunk('form-variants', 40_000, ['/src/web/lib/form-variants.ts', '/manifest.json']),
      ),
    ).toBe(true);
  });

  it('puts the hint on the very first line, once the code is final', () => {
    const plugin = compileHints();
    const bundle = {
      'core.js': { type: 'chunk', ...chunk('core', 5000) },
      'texts.js': { type: 'chunk', ...chunk('common', 5000, ['/locales/en/common.json']) },
      'portal.css': { type: 'asset', source: 'body{}' },
    } as unknown as Rolldown.OutputBundle;
    const hook = plugin.generateBundle as { order: string; handler: (...args: unknown[]) => void };
    expect(hook.order).toBe('post');
    hook.handler({}, bundle, false);
    const out = bundle as unknown as Record<string, { code?: string }>;
    expect(out['core.js']!.code).toBe(`${COMPILE_HINT}\n${code(5000)}`);
    expect(out['texts.js']!.code).toBe(code(5000));
  });

  it('moves the source maps of a hinted chunk down one line with its code', () => {
    const plugin = compileHints();
    const bundle = {
      'core.js': {
        type: 'chunk',
        fileName: 'core.js',
        map: { mappings: 'AAAA' },
        ...chunk('core', 5000),
      },
      'core.js.map': { type: 'asset', source: JSON.stringify({ version: 3, mappings: 'AAAA' }) },
    } as unknown as Rolldown.OutputBundle;
    const hook = plugin.generateBundle as { handler: (...args: unknown[]) => void };
    hook.handler({}, bundle, false);
    const out = bundle as unknown as Record<
      string,
      { map?: { mappings: string }; source?: string }
    >;
    expect(out['core.js']!.map!.mappings).toBe(';AAAA');
    expect(JSON.parse(out['core.js.map']!.source!)).toEqual({ version: 3, mappings: ';AAAA' });
  });
});
