// Stand-ins for the server calls, for tests of the browser plumbing (the real calls have their own tests).
import { fromPromise } from 'xstate';
import type {
  AuthorizeUserOutput,
  GeneratedKitchen,
  ImageVerdict,
  PastGeneration,
} from '../../../machines/kitchen/actors';
import type { CatalogueRequest, CatalogueResult } from '../../../machines/kitchen/catalogue';
import type { KitchenActorImplementations } from '../../../src/app/App';

const catalogueAnswers: { [K in CatalogueRequest['kind']]?: unknown[] } = {
  doorStyleGroups: ['Shaker', 'Slab'],
  handleStyles: ['handle', 'handleless'],
  worktopMaterials: ['Quartz'],
};

export const fakeActors = (options: { authorized?: boolean } = {}): KitchenActorImplementations => ({
  authorizeUser: fromPromise(async (): Promise<AuthorizeUserOutput> => {
    if (options.authorized === false) throw new Error('This user id does not belong to this session.');
    return { remainingGenerations: 5 };
  }),
  loadCatalogue: fromPromise(
    async ({ input }) => ({ kind: input.kind, items: catalogueAnswers[input.kind] ?? [] }) as CatalogueResult,
  ),
  preparePhoto: fromPromise(async () => ({ dataUrl: 'data:image/jpeg;base64,/9j/2wBDAA', imageKey: 'key' })),
  validateImageContent: fromPromise(
    async (): Promise<ImageVerdict> => ({
      isSafe: true,
      imageId: '5d7e9f10-2b3c-4d5e-8f90-a1b2c3d4e5f6',
    }),
  ),
  generateEmptyRoom: fromPromise(async () => ({ emptyRoomId: '0b6f2c1e-8a4d-4c3b-9e2f-1a2b3c4d5e6f' })),
  generateKitchen: fromPromise(
    async (): Promise<GeneratedKitchen> => ({
      imageUrl: '/api/v1/images/x',
      remainingGenerations: 4,
      provider: 'local',
    }),
  ),
  loadGenerationHistory: fromPromise(async (): Promise<PastGeneration[]> => []),
});
