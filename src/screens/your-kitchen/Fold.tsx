// A part of the result page folded under its title on a phone (issue 36: the picture and the primary actions
// first, the page at most about 2,000 px tall at 390 × 844), open on a wide screen where there is room beside it.
import { type ReactNode, useState } from 'react';

/** As wide as the screens where the result page's details stand side by side (screens.css). */
const WIDE = '(min-width: 56rem)';

const isWide = () => typeof window !== 'undefined' && window.matchMedia?.(WIDE).matches === true;

export function Fold({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  // Decided once, when the page shows: a fold the visitor opened or closed stays as they left it.
  const [openAtFirst] = useState(isWide);
  return (
    <details className="fold" open={openAtFirst}>
      <summary className="fold__summary">{summary}</summary>
      {children}
    </details>
  );
}
