import { useQuery } from '@tanstack/react-query';
import { DEMO_PREPARATION_TEXTS } from '@voirie/domain/account-texts';
import { publicConfigQueryOptions } from '../api/config-api';

/** How often the configuration is read again while the demo data is being prepared. */
const PREPARATION_POLL_MS = 2000;

/**
 * A first start's demo data, still being imported while the portal answers (docs/operations.md
 * « Premier démarrage »): a bar on every screen with its progress, until it ends. Plain markup
 * (app/base.css): the sign-in page shows it and loads no MUI.
 */
export function DemoPreparationNotice() {
  const { data } = useQuery({
    ...publicConfigQueryOptions(),
    refetchInterval: (query) => (query.state.data?.demoPreparation ? PREPARATION_POLL_MS : false),
  });
  const preparation = data?.demoPreparation;
  if (!preparation) return null;
  const percent = Math.round(preparation.progress * 100);
  return (
    <div className="demo-preparation" role="status">
      <p className="demo-preparation__message">{preparation.message}</p>
      <progress
        className="demo-preparation__bar"
        aria-label={DEMO_PREPARATION_TEXTS.progressLabel}
        max={100}
        value={percent}
      >
        {percent} %
      </progress>
    </div>
  );
}
