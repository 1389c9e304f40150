// The soft "is it a kitchen?" warning (issue 22): the server's check saw no fridge, oven, microwave, sink or
// toaster in the photo. Never a refusal: the visitor may continue anyway (an empty room is a fair photo too) or
// choose another photo.
import { nextStepOf } from '../../../../machines/kitchen/steps';
import { useKitchenContext, useKitchenView, useSend } from '../../../kitchen/use-kitchen';
import { usePreloadIntent } from '../../../routing/use-preload-intent';

/** `onChooseAnother` opens the photo step's own file picker (one file input, so the step has one way in). */
export function KitchenCheckNotice({ onChooseAnother }: { onChooseAnother: () => void }) {
  const send = useSend();
  const { isProcessingImage, isModerating, step } = useKitchenView();
  // "Continue anyway" is this step's Next: the next step's code and lists load on intent as they do for Next.
  const preloadNext = usePreloadIntent(step && nextStepOf(step.id));
  const check = useKitchenContext((context) => context.kitchenCheck);
  const passed = useKitchenContext((context) => context.moderationPassed === true);
  if (!passed || isProcessingImage || isModerating || !check || check.looksLikeKitchen) return null;
  return (
    <div className="notice notice--warning kitchen-check" role="status">
      <p>
        <strong>Is this your kitchen?</strong> We couldn't spot a fridge, oven, microwave, sink or toaster in
        this photo. If it is your kitchen, or the empty room it will become, continue anyway; otherwise choose
        another photo.
      </p>
      <div className="kitchen-check__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => send({ type: 'NEXT' })}
          {...preloadNext}
        >
          Continue anyway
        </button>
        <button type="button" className="button button--secondary" onClick={onChooseAnother}>
          Choose another photo
        </button>
      </div>
    </div>
  );
}
