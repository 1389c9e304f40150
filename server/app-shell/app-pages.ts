// Which paths are pages of the app (spec §2), read as the app reads them (machines/kitchen/routes.ts, which the
// server may not import; tests/server/app-shell-status.test.ts holds the two together). The shell answers any
// other path with the app's Not Found page and a 404 (issue 34, point 10), so a crawler or a link checker sees
// what the visitor sees.
import { WIZARD_STEP_IDS } from '../../contract/wizard-steps';

/** Pages that take no further segment. */
const SINGLE_PAGES: ReadonlySet<string> = new Set(['your-kitchen', 'access-denied', 'privacy']);
const WIZARD_STEPS: ReadonlySet<string> = new Set(WIZARD_STEP_IDS);

export function isAppPage(pathname: string): boolean {
  const [first, second, ...rest] = pathname.split('/').filter(Boolean);
  if (first === undefined) return true;
  // Any onboarding path is one: an unknown step redirects to how-it-works (spec §2).
  if (first === 'onboarding') return true;
  // `/create-kitchen` redirects to the first step.
  if (first === 'create-kitchen')
    return second === undefined || (WIZARD_STEPS.has(second) && rest.length === 0);
  return SINGLE_PAGES.has(first) && second === undefined;
}
