// Reads the Dockerfile's stages, so tests run the commands it runs and copy what it copies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../src/core/schemas/catalog';

export interface Instruction {
  keyword: string;
  /** The arguments as written, continuation lines joined. */
  args: string;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

export function readDockerfile(path = join(REPO_ROOT, 'Dockerfile')): Stage[] {
  const lines = readFileSync(path, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [, from = '', name = String(stages.length)] =
        /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ name, from, instructions: [] });
    } else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

export function stage(stages: Stage[], name: string): Stage {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`the Dockerfile has no stage "${name}"`);
  return found;
}

/** A stage's RUN commands, shell form, BuildKit flags (--mount=...) left out. */
export const runCommands = (s: Stage): string[] =>
  s.instructions
    .filter((i) => i.keyword === 'RUN')
    .map((i) => i.args.replace(/^(--\S+\s+)+/, '').replace(/\s+/g, ' '));

/** The JSON (exec) form of a stage's CMD. */
export function command(s: Stage): string[] {
  const cmd = s.instructions.findLast((i) => i.keyword === 'CMD');
  if (!cmd) throw new Error(`stage ${s.name} has no CMD`);
  return JSON.parse(cmd.args) as string[];
}

/** COPY instructions as [from stage or null, sources, destination]. */
export function copies(s: Stage): { from: string | null; sources: string[]; to: string }[] {
  return s.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => {
      const words = i.args.split(/\s+/);
      const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length) ?? null;
      const paths = words.filter((w) => !w.startsWith('--'));
      return { from, sources: paths.slice(0, -1), to: paths.at(-1) ?? '' };
    });
}

/** .dockerignore's patterns (top-level names and `*.ext`), as a filter on relative paths. */
export function dockerignore(root = REPO_ROOT): (relativePath: string) => boolean {
  const patterns = readFileSync(join(root, '.dockerignore'), 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  return (path) =>
    patterns.some((pattern) => {
      if (pattern.startsWith('*.')) return path.endsWith(pattern.slice(1));
      if (pattern.endsWith('.*'))
        return path.split('/').at(-1)?.startsWith(pattern.slice(0, -1)) ?? false;
      return path === pattern || path.startsWith(`${pattern}/`);
    });
}
