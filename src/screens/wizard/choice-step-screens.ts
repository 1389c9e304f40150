// The screens of the steps after the photo (their kinds, looks and swatches), loaded once on demand: not needed on
// the photo step. Apart from screen-loaders.ts so that the wizard's own step content can wait for them without
// importing the loader of the wizard itself.
import { loadOnce } from '../../api/load-on-demand';

export const choiceStepScreens = loadOnce(() => import('./ChoiceStepScreen'));
