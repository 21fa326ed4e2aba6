// The frame of settings (app/screens/settings-screen.tsx).
import type { PageFrame } from '../page-frames';

export const SETTINGS_FRAME = {
  title: 'settings.title',
  lead: 'settings.lead',
  width: 'dashboard',
} as const satisfies PageFrame;
