// npm run build:validators — precompiles every form variant for the browser (no eval at run time).
import { buildValidators, VALIDATORS_DIR } from '../src/core/build/build-validators';

const started = performance.now();
const manifest = buildValidators();
console.log(
  `Wrote ${manifest.length} precompiled validators to ${VALIDATORS_DIR} in ${Math.round(performance.now() - started)} ms`,
);
