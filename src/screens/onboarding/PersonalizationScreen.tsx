// What the user will choose in the wizard, each with a small picture of the kind of choice.
import type { ReactNode } from 'react';
import { DoorProfileIcon } from '../../components/DoorProfileIcon';
import { LayoutPlan } from '../../components/LayoutPlan';
import { Swatch } from '../../components/Swatch';
import { OnboardingFrame } from './OnboardingFrame';

interface ChoicePreview {
  title: string;
  text: string;
  visual: ReactNode;
}

const swatchRow = (hexes: readonly string[], finish?: string) => (
  <span className="swatch-row">
    {hexes.map((hex) => (
      <Swatch key={hex} hex={hex} finish={finish} />
    ))}
  </span>
);

const CHOICES: readonly ChoicePreview[] = [
  {
    title: 'Design Style',
    text: 'Your door style: Shaker, slab, in-frame, glazed and more.',
    visual: <DoorProfileIcon profile="shaker" />,
  },
  {
    title: 'Handles or Handleless',
    text: 'Classic handles or clean, handle-free lines.',
    visual: <DoorProfileIcon profile="j-pull" />,
  },
  {
    title: 'Finish and Color',
    text: 'Matt, gloss, painted or woodgrain, in the color you love.',
    visual: swatchRow(['#9aab8e', '#2b3a4f', '#efe6d2', '#b88a5a'], 'Matt'),
  },
  {
    title: 'Worktop',
    text: 'Quartz, granite, marble, wood and more, with its color and finish.',
    visual: swatchRow(['#f4f2ee', '#2c2a28', '#8e8c88', '#a87b4f'], 'Polished'),
  },
  {
    title: 'Layout',
    text: 'Single wall, galley, L, U or peninsula.',
    visual: <LayoutPlan shape="u-shaped" />,
  },
  {
    title: 'Island',
    text: 'With an island, or keep the floor open.',
    visual: <LayoutPlan shape="l-shaped" island />,
  },
];

export function PersonalizationScreen() {
  return (
    <OnboardingFrame
      position={1}
      title="Make It Yours"
      intro="You choose every part of your new kitchen, one simple step at a time. You can change your mind whenever you like."
    >
      <ul className="preview-grid">
        {CHOICES.map((choice) => (
          <li key={choice.title} className="preview-card">
            <span className="preview-card__visual" aria-hidden="true">
              {choice.visual}
            </span>
            <h2 className="preview-card__title">{choice.title}</h2>
            <p className="muted">{choice.text}</p>
          </li>
        ))}
      </ul>
    </OnboardingFrame>
  );
}
