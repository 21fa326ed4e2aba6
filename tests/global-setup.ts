// Builds the precompiled validators once, so tests compare them with the schemas of this checkout.
import { buildValidators } from '../src/core/build/build-validators';

export default function setup(): void {
  buildValidators();
}
