// What the format builder (format-widget.tsx) needs beyond its pattern: the whole field rule (a
// check is a keyword beside the pattern, `abaRouting: true`), and the draft's compiled forms from
// the live preview, so that its sample values are checked against the real rule: the one the
// server composed and compiled from the draft (with what the file inherits), not the builder's
// own idea of it. The country page provides it (format-provider.tsx).
import { createContext, useContext } from 'react';
import type { Sample } from './format-checks';

export type Rule = Record<string, unknown>;

/**
 * A sample's verdict in the draft's compiled form: passes, fails, or null while the compiled form
 * is not the rule as it is now (the preview follows 400 ms after an edit), and 'absent' when no
 * form of the draft has the field.
 */
export type Verdict = boolean | null | 'absent';

export interface FormatBuilderContext {
  /** The rule file's country code ("GB", or a shared rule's "_iban"). */
  country: string;
  /** The field rule at a path of the form (["bankAccount", "fields", "sortCode"]). */
  ruleAt: (path: readonly string[]) => Rule;
  /** Replaces the field rule at a path (a check chosen sets its keyword beside the pattern). */
  changeRule: (path: readonly string[], change: (rule: Rule) => Rule) => void;
  /** The field's property in the draft's compiled form (what it inherits included), if known. */
  compiled: (path: readonly string[]) => Rule | null;
  /** Each sample's verdict in the draft's compiled form of the field. */
  judge: (path: readonly string[], samples: readonly Sample[]) => Verdict[];
}

export const FormatBuilder = createContext<FormatBuilderContext | null>(null);

export const useFormatBuilder = (): FormatBuilderContext | null => useContext(FormatBuilder);
