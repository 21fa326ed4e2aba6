// The consent manager is loaded only on the merchant's consent hosts: every other visitor's first
// load carries none of it.
import { lazy, Suspense } from 'react';
import type { Branding } from '../../../core/types/entities/branding';
import { isConsentHost } from './hosts';

const Manager = lazy(() => import('./consent-manager'));

export function ConsentManager({ branding }: { branding: Branding }) {
  if (!isConsentHost(branding)) return null;
  return (
    <Suspense fallback={null}>
      <Manager branding={branding} />
    </Suspense>
  );
}
