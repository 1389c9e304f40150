// What the site says about itself holds as it is configured (issue 36, item 1): the offline default promises the
// visitor's own photo recolored and no AI; a site with an AI image service may say so. And one spelling, the
// spec titles' "Color", on every screen.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKTOP_MATERIALS } from '../../contract/worktop-catalogue';
import { ROUTE_IDS, type RouteId, stepOfRoute } from '../../machines/kitchen/routes';
import { stepMeta } from '../../machines/kitchen/steps';
import { DOOR_STYLES } from '../../server/catalogue/frontal-data';
import { SHOWCASE_KITCHENS } from '../../src/screens/showcase-kitchens';
import { COMPLETE_SELECTIONS, type FakeServer, renderApp, shown } from './harness';

afterEach(cleanup);

/** Everything a visitor reads or hears on the page: its text, and the names and labels of its elements. */
function visibleWords(): string {
  const labels = [...document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')].flatMap(
    (element) =>
      ['aria-label', 'alt', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [document.body.textContent ?? '', ...labels].join('\n');
}

const SCREEN_TITLES: Partial<Record<RouteId, string>> = {
  home: 'See Your Kitchen Reimagined',
  'onboarding/how-it-works': 'How It Works',
  'onboarding/personalization': 'Make It Yours',
  'onboarding/showcase': 'Showcase',
  'your-kitchen': 'Your Kitchen',
  'not-found': 'Not Found',
  privacy: 'Privacy and Your Data',
};

const titleOf = (route: RouteId): string | undefined => {
  const step = stepOfRoute(route);
  return step ? stepMeta(step).title : SCREEN_TITLES[route];
};

/** Opens `route` and waits until its screen and its lists are shown. */
async function open(app: ReturnType<typeof renderApp>, route: RouteId): Promise<void> {
  app.navigate(route);
  const title = titleOf(route);
  if (title === undefined) throw new Error(`No title known for ${route}`);
  await shown(title);
  await waitFor(() => expect(document.body.textContent).not.toMatch(/Loading/));
}

/** Every screen a visitor with a whole kitchen made can reach (access denied needs another visitor). */
const SCREENS = ROUTE_IDS.filter((route) => route !== 'access-denied');

const withKitchen = (server: FakeServer = {}): FakeServer => ({
  ...server,
  restored: {
    ...COMPLETE_SELECTIONS,
    wizard: {
      ...COMPLETE_SELECTIONS.wizard,
      lastGeneratedImageDataUrl: '/result.png',
      lastGenerationProvider: server.imageService ?? 'local',
      photoMarking: 'marked',
    },
  },
});

describe('what the site promises, as configured', () => {
  it('promises no AI with the offline default: the result is your own photo, recolored', async () => {
    const app = renderApp(withKitchen());
    await act(async () => {});
    for (const route of SCREENS) {
      await open(app, route);
      expect(visibleWords(), route).not.toMatch(/\bAI\b|artificial intelligence|realistic/i);
    }
    await open(app, 'home');
    expect(document.body.textContent).toContain('see your own photo with just those recolored');
    await open(app, 'onboarding/how-it-works');
    expect(document.body.textContent).toContain('in your own photo with your new fronts and worktop');
  });

  it('says AI where the site has an AI image service', async () => {
    const app = renderApp({ imageService: 'openai' });
    await act(async () => {});
    expect(screen.getByText('AI kitchen redesign')).toBeTruthy();
    expect(document.body.textContent).toContain('an AI image service repaints just those in your photo');
    await open(app, 'onboarding/how-it-works');
    expect(document.body.textContent).toContain('An AI image service brings them to life.');
  });
});

describe('one spelling: Color, as the spec titles it', () => {
  it.each(['local', 'openai'])('holds on every screen (image service %s)', async (imageService) => {
    const app = renderApp(withKitchen({ imageService }));
    await act(async () => {});
    for (const route of SCREENS) {
      await open(app, route);
      expect(visibleWords().match(/\w*colour\w*/gi), route).toBeNull();
    }
  });
});

describe('the showcase', () => {
  it.each(SHOWCASE_KITCHENS.map((kitchen) => [kitchen.name, kitchen] as const))(
    '%s is made of choices the wizard offers, and promises nothing it does not',
    (_name, { made, summary }) => {
      const style = DOOR_STYLES.find(({ group }) => group === made.doorStyle);
      const finishes = made.handles ? style?.withHandle : style?.handleless;
      expect(finishes, `${made.doorStyle} ${made.handles ? 'with handles' : 'handleless'}`).toContain(
        made.finish,
      );
      expect(WORKTOP_MATERIALS.map(({ material }) => material)).toContain(made.worktop);
      expect(summary).toContain(made.doorStyle);
      // The wizard asks handles or not, never which kind: no knobs, bars or cups.
      expect(summary).not.toMatch(/knob|bar handle|cup handle|brass|J-pull fronts/i);
      // Where the style is made one way only, the Handles step is skipped: say so, rather than offer a choice.
      const oneWayOnly = !style?.withHandle || !style.handleless;
      if (oneWayOnly && made.handles) expect(summary).toContain('always come with handles');
    },
  );
});

describe('the Design Style step', () => {
  it('is headed by its title, with no other name for it on screen', async () => {
    const app = renderApp(withKitchen());
    await act(async () => {});
    await open(app, 'create-kitchen/design');
    expect(screen.queryByText('Door Style')).toBeNull();
    expect(screen.getByRole('group', { name: 'Design Style' })).toBeTruthy();
  });
});
