// The spec's three onboarding steps (spec §1) as three titled steps: the spec's headlines, in the site's one
// spelling (Color), and what happens next as this site does it (issue 36: AI only where an AI service is set).
import type { ResultKind } from '../../../contract/image-services';
import { useResultKind } from '../../kitchen/app-services';
import { OnboardingFrame } from './OnboardingFrame';

const stepsOf = (kind: ResultKind) =>
  [
    {
      title: 'SNAP',
      headline: "Let's see your space.",
      text: 'Snap or upload a photo of your kitchen.',
      icon: 'snap',
    },
    {
      title: 'SHAPE',
      headline: 'Share your style, colors, finishes and layouts you love.',
      text: kind === 'ai' ? 'An AI image service brings them to life.' : 'We bring them to your photo.',
      icon: 'shape',
    },
    {
      title: 'SEE',
      headline: 'See your kitchen reimagined,',
      text:
        kind === 'ai'
          ? 'with realistic images of your own space.'
          : 'in your own photo with your new fronts and worktop, and a sketch of your layout.',
      icon: 'see',
    },
  ] as const;

const ICONS = {
  snap: (
    <>
      <rect x="6" y="14" width="36" height="24" rx="4" />
      <circle cx="24" cy="26" r="7" />
      <path d="M17 14l3-5h8l3 5" />
    </>
  ),
  shape: (
    <>
      <circle cx="16" cy="16" r="7" />
      <rect x="28" y="9" width="14" height="14" rx="2" />
      <path d="M9 40l8-12 8 12zM29 30h13v10H29z" />
    </>
  ),
  see: (
    <>
      <path d="M4 24s8-12 20-12 20 12 20 12-8 12-20 12S4 24 4 24z" />
      <circle cx="24" cy="24" r="6" />
    </>
  ),
} as const;

export function HowItWorksScreen() {
  const steps = stepsOf(useResultKind());
  return (
    <OnboardingFrame
      position={0}
      title="How It Works"
      intro="Three steps from the kitchen you have to the one you want."
    >
      <ol className="how-steps">
        {steps.map((step) => (
          <li key={step.title} className="how-steps__item">
            <svg className="how-steps__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
              <g fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round">
                {ICONS[step.icon]}
              </g>
            </svg>
            <h2 className="how-steps__title">{step.title}</h2>
            <p>
              {step.headline} {step.text}
            </p>
          </li>
        ))}
      </ol>
    </OnboardingFrame>
  );
}
