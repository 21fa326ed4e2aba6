// Per-merchant configuration from config/merchants/*.json, chosen by the request's host name.
// Each file is checked against the configuration schema at start; a broken file stops the server
// with a message naming the file and the field, and so does a theme whose text would be hard to
// read: a text/background pair of its colours under WCAG AA contrast (4.5:1).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AA_TEXT_CONTRAST, contrastProblems, palette } from '../../core/branding/contrast';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../core/validation/ajv';
import { loadEntitySchemas } from '../../core/schemas/catalog';
import type { Configuration } from '../../core/types/entities/configuration';
import type { MerchantPayer } from '../../core/types/entities/merchant-payer';

export interface Merchant {
  id: string;
  hosts: string[];
  default?: boolean;
  configuration: Configuration;
  /** Who pays its claims in the payment files; kept out of `configuration`, which the portal reads. */
  payer?: MerchantPayer;
}

export interface MerchantDirectory {
  all: Merchant[];
  forHost(host: string | undefined): Merchant;
  byId(id: string): Merchant | undefined;
}

/**
 * Where a merchant's portal is reached, for links in its emails: PUBLIC_URL for the default
 * merchant, else PUBLIC_URL on the merchant's first host name (same scheme and port), so an
 * invitation opens in the merchant's own branding.
 */
export function portalOrigin(publicUrl: string, merchant: Merchant): string {
  const host = merchant.hosts[0];
  if (merchant.default || !host) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = host;
  return url.origin;
}

export class MerchantConfigError extends Error {
  override name = 'MerchantConfigError';
}

export function loadMerchants(dir: string): MerchantDirectory {
  const ajv = createAjv();
  for (const [id, schema] of Object.entries(loadEntitySchemas())) ajv.addSchema(schema, id);
  const validate = ajv.getSchema('configuration.schema.json');
  if (!validate)
    throw new MerchantConfigError('schemas/entities/configuration.schema.json is missing');

  const validatePayer = ajv.getSchema('merchant-payer.schema.json');
  if (!validatePayer)
    throw new MerchantConfigError('schemas/entities/merchant-payer.schema.json is missing');

  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const all = files.map((file): Merchant => {
    const where = join(dir, file);
    let merchant: Merchant;
    try {
      merchant = JSON.parse(readFileSync(where, 'utf8')) as Merchant;
    } catch (error) {
      throw new MerchantConfigError(`${where}: not valid JSON (${(error as Error).message})`);
    }
    if (!merchant.id || !Array.isArray(merchant.hosts)) {
      throw new MerchantConfigError(`${where}: needs "id" and "hosts"`);
    }
    if (!validate(merchant.configuration)) {
      const problems = (validate.errors ?? []).map(
        (e) =>
          `configuration${e.instancePath.replace(/\//g, '.')}${e.params.missingProperty ? `.${String(e.params.missingProperty)}` : ''}${e.params.additionalProperty ? `.${String(e.params.additionalProperty)}` : ''} ${e.message ?? 'is invalid'}`,
      );
      throw new MerchantConfigError(`${where}: ${problems.join('; ')}`);
    }
    if (merchant.payer !== undefined) payerProblems(where, merchant.payer, validatePayer);
    const branding = merchant.configuration.branding;
    const lowContrast = contrastProblems(branding);
    if (lowContrast.length) {
      const colors = palette(branding);
      const pairs = lowContrast.map(
        ({ foreground, background, ratio }) =>
          `${foreground} ${colors[foreground]} on ${background} ${colors[background]} is ${ratio.toFixed(2)}:1`,
      );
      throw new MerchantConfigError(
        `${where}: merchant "${merchant.id}" has theme colours under WCAG AA contrast for text ` +
          `(${AA_TEXT_CONTRAST}:1) in configuration.branding.colors: ${pairs.join('; ')}`,
      );
    }
    return merchant;
  });
  if (!all.length) throw new MerchantConfigError(`${dir}: no merchant configuration files`);
  const fallback = all.find((m) => m.default) ?? all[0];
  if (!fallback) throw new MerchantConfigError(`${dir}: no default merchant`);
  const byHost = new Map(all.flatMap((m) => m.hosts.map((h) => [h.toLowerCase(), m] as const)));
  return {
    all,
    forHost: (host) => byHost.get((host ?? '').toLowerCase().replace(/:\d+$/, '')) ?? fallback,
    byId: (id) => all.find((m) => m.id === id),
  };
}

/** Refuses a payer the payment files could not use: schema errors, an account without a number. */
function payerProblems(where: string, payer: unknown, validate: ValidateFunction): void {
  if (!validate(payer)) {
    const problems = (validate.errors ?? []).map(
      (e) => `payer${e.instancePath.replace(/\//g, '.')} ${e.message ?? 'is invalid'}`,
    );
    throw new MerchantConfigError(`${where}: ${problems.join('; ')}`);
  }
  const { accounts } = payer as MerchantPayer;
  if (!accounts.length) throw new MerchantConfigError(`${where}: payer.accounts is empty`);
  accounts.forEach((account, index) => {
    if (!account.iban === !account.accountNumber)
      throw new MerchantConfigError(
        `${where}: payer.accounts.${index} needs an iban or an accountNumber (one of them)`,
      );
  });
}
