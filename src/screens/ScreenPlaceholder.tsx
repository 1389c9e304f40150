// What shows while a screen's code loads: the same header in the same place and an empty page below it, so
// nothing already on screen moves when the screen arrives (no layout shift).
import { SiteHeader } from '../components/SiteHeader';

export function ScreenPlaceholder() {
  return (
    <>
      <SiteHeader />
      <main className="page screen-placeholder" aria-busy="true" />
    </>
  );
}
