// The signed-in staff member, which the console's frame (console-app.tsx) gives its screens, with
// the handler of their calls' errors.
import { createContext, useContext } from 'react';
import type { StaffMember } from './api';

export interface StaffContextValue {
  staff: StaffMember;
  /** Call with any error of a call: a 401 ends the console session in the page too. */
  handleError: (error: unknown) => string;
}

export const StaffContext = createContext<StaffContextValue | null>(null);

export function useStaff(): StaffContextValue {
  const value = useContext(StaffContext);
  if (!value) throw new Error('useStaff outside the console');
  return value;
}
