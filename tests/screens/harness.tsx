// Renders the app's routes as it ships them (later screens load on demand) around a real kitchen statechart whose
// server calls are fakes (these tests are about what the screens show and send, not about HTTP), inside the
// same providers the app uses.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { type Actor, fromPromise } from 'xstate';
import { OFFLINE_IMAGE_SERVICE } from '../../contract/image-services';
import type { AccountOutput } from '../../machines/kitchen/account';
import type {
  AuthorizeUserOutput,
  ComparedKitchen,
  EmptyRoomOutput,
  GeneratedKitchen,
  GenerateKitchenInput,
  ImageVerdict,
  LoadComparisonInput,
  PastGeneration,
  PreparedPhoto,
  PreviewOutcome,
  PreviewRequest,
} from '../../machines/kitchen/actors';
import type {
  CatalogueItems,
  CatalogueRequest,
  CatalogueResult,
  FrontalPreview,
  WorktopColour,
  WorktopPreview,
} from '../../machines/kitchen/catalogue';
import type { PersistedSelections } from '../../machines/kitchen/context';
import { type KitchenMachine, kitchenMachine } from '../../machines/kitchen/machine';
import type { RouteId } from '../../machines/kitchen/routes';
import { createApiClient } from '../../src/api/client';
import { createLazyQueryClient } from '../../src/api/lazy-query-client';
import { AppServicesProvider } from '../../src/kitchen/app-services';
import { KitchenActor } from '../../src/kitchen/kitchen-actor';
import { createSaveStatus } from '../../src/kitchen/save-status';
import { LazyAppRoutes } from '../../src/screens/LazyAppRoutes';
import { preloadScreen } from '../../src/screens/screen-loaders';
import { firstPlainChoices } from '../machines/support/samples';

export const WHITE_FRONT: FrontalPreview = {
  id: '0b6f3c3e-6f0c-4d8e-9a57-1f6a3c2e1a01',
  colour: 'Chalk White',
  primary_hex: '#f4f1ea',
  image_url: '/swatches/chalk-white.png',
};
export const SAGE_FRONT: FrontalPreview = {
  id: '0b6f3c3e-6f0c-4d8e-9a57-1f6a3c2e1a02',
  colour: 'Sage',
  primary_hex: '#9aab8e',
  image_url: '/swatches/sage.png',
};
export const CALACATTA: WorktopColour = {
  colour: 'Calacatta',
  primary_hex: '#f2efe9',
  image_url: '/w/calacatta.png',
};
export const POLISHED: WorktopPreview = { id: '7d1c2b9a-3e4f-4a5b-8c6d-9e0f1a2b3c01', finish: 'Polished' };
export const HONED: WorktopPreview = { id: '7d1c2b9a-3e4f-4a5b-8c6d-9e0f1a2b3c02', finish: 'Honed' };

export const CATALOGUE: CatalogueItems = {
  doorStyleGroups: ['Shaker', 'Slab', 'J-Pull Handleless'],
  handleStyles: ['handle', 'handleless'],
  finishes: ['Matt', 'Painted'],
  frontalColourGroups: ['Whites', 'Greens'],
  frontalPreviews: [WHITE_FRONT, SAGE_FRONT],
  worktopMaterials: ['Quartz', 'Granite'],
  worktopColourGroups: ['Marble effect', 'Darks'],
  worktopColours: [CALACATTA],
  worktopPreviews: [POLISHED, HONED],
};

export const PHOTO_DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';

/** Every choice made, as restored from the browser's storage: any wizard step can be opened directly. */
export const COMPLETE_SELECTIONS: PersistedSelections = {
  wizard: {
    inputImageDataUrl: PHOTO_DATA_URL,
    inputImageId: '5a0e4b8f-1c2d-4e3f-9a8b-7c6d5e4f3a21',
    moderationPassed: true,
    selectedDesign: 'Shaker',
    selectedShape: 'l-shaped',
    hasIsland: true,
    choices: firstPlainChoices(CATALOGUE),
  },
  frontals: {
    doorStyleGroup: 'Shaker',
    isHandleless: false,
    finish: 'Matt',
    colorGroup: 'Whites',
    selectedFrontalId: WHITE_FRONT.id,
    selectedFrontalPreview: WHITE_FRONT,
  },
  worktops: {
    material: 'Quartz',
    colourGroup: 'Marble effect',
    colour: CALACATTA.colour,
    selectedColourPreview: CALACATTA,
    selectedWorktopId: POLISHED.id,
    selectedWorktopPreview: POLISHED,
  },
};

export interface FakeServer {
  remainingGenerations?: number | null;
  userId?: number | null;
  restored?: PersistedSelections;
  /** Answers a catalogue lookup; the default serves CATALOGUE. */
  loadCatalogue?: (request: CatalogueRequest) => Promise<CatalogueResult>;
  verdict?: ImageVerdict;
  /** Answers the photo check instead of `verdict`, e.g. with the server's refusal. */
  checkPhoto?: () => Promise<ImageVerdict>;
  /** How many days the service keeps photos and kitchens; 30 by default. */
  imageRetentionDays?: number | null;
  /** The session lifetimes the authorisation tells; 30 and 400 days by default. */
  sessionDays?: AuthorizeUserOutput['sessionDays'];
  generateKitchen?: (input: GenerateKitchenInput) => Promise<GeneratedKitchen>;
  /** The user's earlier kitchens; none by default. */
  history?: PastGeneration[];
  /** Erases the user's data; succeeds by default. */
  deleteMyData?: () => Promise<void>;
  /** Answers the side-by-side view's load; never settles by default. */
  compareKitchens?: (input: LoadComparisonInput) => Promise<ComparedKitchen[]>;
  /** The image service the boot data names; the offline default ('local') by default. */
  imageService?: string;
  /** Signs in with a passkey; never settles by default. */
  signInWithPasskey?: (signal: AbortSignal) => Promise<AccountOutput>;
  /** Hears each screen the app starts loading ahead (the real loading still happens). */
  onPreloadScreen?: (route: RouteId) => void;
  /**
   * Paints the live preview (issue 33): jsdom has no worker or canvas to run the real one (tests/browser does);
   * by default a one-pixel picture at once.
   */
  paintPreview?: (input: PreviewRequest, signal: AbortSignal) => Promise<PreviewOutcome>;
}

const ONE_PIXEL: PreviewOutcome = {
  kind: 'painted',
  picture: { width: 1, height: 1, rgba: new Uint8ClampedArray([128, 128, 128, 255]) },
};

const serveCatalogue = async (request: CatalogueRequest): Promise<CatalogueResult> =>
  // The pair is built from one table keyed by the same kind, so it matches by construction.
  ({ kind: request.kind, items: CATALOGUE[request.kind] }) as CatalogueResult;

/** Long enough for a screen's first showing in a test file, which loads (and so transforms) its code. */
const SCREEN_LOAD_TIMEOUT_MS = 10_000;

/**
 * Waits until the page's one h1 reads `title`, as the app shows its screens: the onboarding, the wizard and the
 * result load on demand, with a placeholder (and no h1) until their code arrives.
 */
export async function shown(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading.textContent).toBe(title);
      return heading;
    },
    { timeout: SCREEN_LOAD_TIMEOUT_MS },
  );
}

/** Hands the test the running kitchen actor, to read its context and send what the address bar would. */
function CaptureActor({ onActor }: { onActor: (actor: Actor<KitchenMachine>) => void }) {
  onActor(KitchenActor.useActorRef());
  return null;
}

export function renderApp(server: FakeServer = {}) {
  const logic = kitchenMachine.provide({
    actors: {
      authorizeUser: fromPromise(
        async (): Promise<AuthorizeUserOutput> => ({
          remainingGenerations: server.remainingGenerations ?? 3,
          imageRetentionDays: server.imageRetentionDays === undefined ? 30 : server.imageRetentionDays,
          sessionDays: server.sessionDays === undefined ? { idle: 30, max: 400 } : server.sessionDays,
        }),
      ),
      loadCatalogue: fromPromise(({ input }) => (server.loadCatalogue ?? serveCatalogue)(input)),
      preparePhoto: fromPromise(
        async (): Promise<PreparedPhoto> => ({ dataUrl: PHOTO_DATA_URL, imageKey: `key-${Math.random()}` }),
      ),
      validateImageContent: fromPromise(
        async (): Promise<ImageVerdict> =>
          server.checkPhoto?.() ??
          server.verdict ?? { isSafe: true, imageId: '5a0e4b8f-1c2d-4e3f-9a8b-7c6d5e4f3a21' },
      ),
      generateEmptyRoom: fromPromise(
        async (): Promise<EmptyRoomOutput> => ({ emptyRoomId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' }),
      ),
      generateKitchen: fromPromise(({ input }) =>
        (
          server.generateKitchen ??
          (async () => ({
            imageUrl: '/result.png',
            remainingGenerations: 2,
            provider: 'local',
            layoutSketchUrl: null,
          }))
        )(input),
      ),
      loadGenerationHistory: fromPromise(async (): Promise<PastGeneration[]> => server.history ?? []),
      deleteMyData: fromPromise(async () => server.deleteMyData?.()),
      loadComparison: fromPromise(({ input }) =>
        (server.compareKitchens ?? (() => new Promise<ComparedKitchen[]>(() => {})))(input),
      ),
      paintPreview: fromPromise(({ input, signal }) =>
        (server.paintPreview ?? (async () => ONE_PIXEL))(input, signal),
      ),
      signInWithPasskey: fromPromise(({ signal }) =>
        (server.signInWithPasskey ?? (() => new Promise<AccountOutput>(() => {})))(signal),
      ),
    },
  });
  let actor: Actor<KitchenMachine> | undefined;
  const userId = server.userId === undefined ? 1 : server.userId;
  const input = server.restored ? { userId, restored: server.restored } : { userId };
  const view = render(
    <AppServicesProvider
      services={{
        api: createApiClient(),
        queryClient: createLazyQueryClient(),
        saveStatus: createSaveStatus(),
        storage: localStorage,
        imageService: server.imageService ?? OFFLINE_IMAGE_SERVICE,
        preloadScreen: (route) => {
          server.onPreloadScreen?.(route);
          preloadScreen(route);
        },
      }}
    >
      <KitchenActor.Provider logic={logic} options={{ input }}>
        <CaptureActor
          onActor={(started) => {
            actor = started;
          }}
        />
        <LazyAppRoutes />
      </KitchenActor.Provider>
    </AppServicesProvider>,
  );
  if (!actor) throw new Error('The kitchen actor did not start.');
  const kitchen = actor;
  return {
    ...view,
    actor: kitchen,
    context: () => kitchen.getSnapshot().context,
    navigate: (route: RouteId) => act(() => kitchen.send({ type: 'NAVIGATE', route })),
  };
}

/**
 * The app from a wizard with every choice made (`COMPLETE_SELECTIONS` unless `server.restored` says otherwise),
 * Generate pressed on the last step and the result page shown.
 */
export async function startGeneration(server: FakeServer = {}) {
  const app = renderApp({ restored: COMPLETE_SELECTIONS, ...server });
  await act(async () => {});
  app.navigate('create-kitchen/kitchen-island');
  await shown('Kitchen Island');
  fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
  await shown('Your Kitchen');
  return app;
}
