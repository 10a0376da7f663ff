import { usePublicConfig } from '../hooks/use-public-config';

export const DEMO_GEOGRAPHY_NOTICE = 'Données géographiques de démonstration';

/**
 * A discreet footer: the community, the portal's version (a support call names the build), and a
 * warning while the map shows generated data. Plain
 * markup (app/base.css): the sign-in page shows it and loads no MUI.
 */
export function AppFooter() {
  const config = usePublicConfig();
  if (!config) return null;
  return (
    <footer className="app-footer">
      <p>{config.communityName}</p>
      {config.version && <p>Version {config.version}</p>}
      {config.demoGeography && <p className="app-footer__notice">{DEMO_GEOGRAPHY_NOTICE}</p>}
    </footer>
  );
}
