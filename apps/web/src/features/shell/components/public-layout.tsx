import { Outlet } from '@tanstack/react-router';
import { PRODUCT_NAME } from '@voirie/domain/account-texts';
import { AppFooter } from './app-footer';
import { MainContent } from './main-content';

/**
 * The frame of the pages anyone may open: the product's banner, the page, the footer. Plain
 * markup (app/base.css): the sign-in page shows it and loads no MUI.
 */
function PublicFrame({ maxWidth }: { maxWidth: number }) {
  return (
    <div className="public-frame">
      <header className="public-frame__banner">
        <p className="public-frame__product">{PRODUCT_NAME}</p>
      </header>
      <MainContent>
        <div className="public-frame__page" style={{ maxWidth }}>
          <Outlet />
        </div>
      </MainContent>
      <AppFooter />
    </div>
  );
}

/** The sign-in, sign-up and link pages: no sidebar (docs/screens.md "Routes"). */
export function PublicLayout() {
  return <PublicFrame maxWidth={600} />;
}

/** The public works pages (/travaux): the same frame, wide enough for a map and a table. */
export function PublicWideLayout() {
  return <PublicFrame maxWidth={1400} />;
}
