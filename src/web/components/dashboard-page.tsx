// The wide page (988px) of the dashboard and settings: heading, actions and sections below.
import type { ReactNode } from 'react';
import { PageWrapper } from './page-wrapper';

export interface DashboardPageProps {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function DashboardPage(props: DashboardPageProps) {
  return <PageWrapper {...props} width="dashboard" />;
}
