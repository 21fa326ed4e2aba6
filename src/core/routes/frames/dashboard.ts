// The frame of the dashboard (features/claims/components/dashboard-page.tsx).
import type { PageFrame } from '../page-frames';

export const DASHBOARD_FRAME = {
  title: 'pages.dashboard',
  lead: 'dashboard.lead',
  width: 'dashboard',
} as const satisfies PageFrame;
