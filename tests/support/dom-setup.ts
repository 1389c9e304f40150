// The dom project's setup: Testing Library's `findBy…` and `waitFor` wait up to 10 s instead of their 1 s (issue 35,
// item 5: a run beside another full test run must pass, D104). A bound only: each wait ends as soon as what it
// waits for is on screen, so a passing run is no slower, and only a failing test waits it out.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
