// A round avatar with the user's initials (first letters of the first and last name parts); a
// silhouette when no name is known. Decorative: the control around it carries the name.
import { initialsOf } from '../lib/display-name';

export function UserIcon({ name, size = 'md' }: { name?: string | null; size?: 'md' | 'lg' }) {
  const initials = initialsOf(name);
  return (
    // The initials are painted by CSS (attr(data-initials)): they are a picture of the name, not
    // text, so the button around it keeps its own name (WCAG 2.5.3 label in name).
    <span
      className={`user-icon user-icon--${size}`}
      aria-hidden="true"
      data-initials={initials || undefined}
    >
      {initials ? null : (
        <svg viewBox="0 0 24 24" width="60%" height="60%">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
        </svg>
      )}
    </span>
  );
}
