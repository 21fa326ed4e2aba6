// A version's status as the versions table and the version page name it: a seed says whether it
// is a file or "no file" (a country that followed the shared rules before the console).
import type { VersionSummary } from './api';
import { texts } from './texts';

export function VersionStatusName({
  version,
}: {
  version: Pick<VersionSummary, 'status' | 'file'>;
}) {
  const name =
    version.status === 'seed' && !version.file
      ? texts.statuses.seedNoFile
      : (texts.statuses[version.status] ?? version.status);
  return <span className={`console-status console-status--${version.status}`}>{name}</span>;
}
