// A gallery of example kitchens, each something the wizard can make.
import { KitchenIllustration } from '../../components/KitchenIllustration';
import { SHOWCASE_KITCHENS } from '../showcase-kitchens';
import { OnboardingFrame } from './OnboardingFrame';

export function ShowcaseScreen() {
  return (
    <OnboardingFrame
      position={2}
      title="Showcase"
      intro="A few kitchens to spark ideas. Yours will be drawn from your own photo."
      nextLabel="Start creating"
    >
      <ul className="showcase-grid">
        {SHOWCASE_KITCHENS.map((kitchen) => (
          <li key={kitchen.name}>
            <figure className="showcase-card">
              <KitchenIllustration look={kitchen.look} />
              <figcaption>
                <h2 className="showcase-card__title">{kitchen.name}</h2>
                <p className="muted">{kitchen.summary}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </OnboardingFrame>
  );
}
