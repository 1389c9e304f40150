// Whether the handles step was skipped for the chosen door style (spec §2: every handle style it offers reads the
// same), and the note that says so (issue 25: the counter jumped from 2 to 4 without a word).
import type { KitchenContext } from '../../machines/kitchen/context';
import { resolveHandleChoice } from '../../machines/kitchen/handle-choice';

export interface HandlesSkip {
  doorStyle: string;
  isHandleless: boolean;
}

/** The skip as the catalogue decided it for the chosen door style; null when the visitor chose (or will). */
export function handlesSkipOf(context: KitchenContext): HandlesSkip | null {
  const doorStyle = context.frontals.doorStyleGroup;
  const decided = resolveHandleChoice(context.catalogue.handleStyles ?? []);
  if (doorStyle === null || decided === null || decided !== context.frontals.isHandleless) return null;
  return { doorStyle, isHandleless: decided };
}

export const handlesSkipNote = ({ doorStyle, isHandleless }: HandlesSkip): string =>
  `Handles skipped: ${doorStyle} doors are made ${
    isHandleless ? 'handleless only' : 'with handles only'
  }, so there was nothing to choose. Pick another door style to choose handles.`;
