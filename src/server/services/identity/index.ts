// The identity provider the configuration names (IDENTITY_PROVIDER).
import type { IdentityConfig } from '../../config';
import type { IdentityProvider } from './provider';
import { simulatedIdentityProvider } from './simulator';
import { createStripeIdentity } from './stripe';

export function createIdentityProvider(config: IdentityConfig): IdentityProvider {
  return config.provider === 'stripe' ? createStripeIdentity(config) : simulatedIdentityProvider;
}
