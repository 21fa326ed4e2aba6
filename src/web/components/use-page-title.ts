// Names the browser tab after the page: "Page · Portal name"; the portal name alone afterwards.
import { useEffect } from 'react';
import { useGetConfigurationQuery } from '../api/configuration-api';

export function usePageTitle(title: string | undefined): void {
  const { data } = useGetConfigurationQuery();
  const portalName = data?.branding.portalName;
  useEffect(() => {
    if (!title) return undefined;
    document.title = portalName ? `${title} · ${portalName}` : title;
    return () => {
      if (portalName) document.title = portalName;
    };
  }, [title, portalName]);
}
