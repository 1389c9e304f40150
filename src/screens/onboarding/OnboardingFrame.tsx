// The frame shared by the three onboarding screens: their position, the heading, and Back / Next.
import type { ReactNode } from 'react';
import { ONBOARDING_STEPS } from '../../../machines/kitchen/routes';
import { SiteHeader } from '../../components/SiteHeader';
import { usePreloadIntent } from '../../routing/use-preload-intent';
import '../../styles/screens.css';
import { useSend } from '../../kitchen/use-kitchen';

interface OnboardingFrameProps {
  position: number;
  title: string;
  intro: string;
  nextLabel?: string;
  children: ReactNode;
}

export function OnboardingFrame({
  position,
  title,
  intro,
  nextLabel = 'Next',
  children,
}: OnboardingFrameProps) {
  const send = useSend();
  const isLast = position === ONBOARDING_STEPS.length - 1;
  // The last onboarding screen leads into the wizard's first step.
  const preload = usePreloadIntent(isLast ? 'upload-image' : null);
  return (
    <>
      <SiteHeader />
      <main className="page onboarding">
        <p className="eyebrow">
          Step {position + 1} of {ONBOARDING_STEPS.length}
        </p>
        <h1 tabIndex={-1} data-route-heading>
          {title}
        </h1>
        <p className="lead">{intro}</p>
        {children}
        <div className="onboarding__nav">
          {position > 0 ? (
            <button type="button" className="button button--secondary" onClick={() => send({ type: 'BACK' })}>
              Back
            </button>
          ) : (
            <span />
          )}
          <button
            type="button"
            className="button button--primary"
            onClick={() => send({ type: 'NEXT' })}
            {...preload}
          >
            {nextLabel}
          </button>
        </div>
      </main>
    </>
  );
}
