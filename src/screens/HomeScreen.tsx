// Home: what the product does, as this site is configured (its image service), and one clear way to start.
import type { ResultKind } from '../../contract/image-services';
import { KitchenIllustration } from '../components/KitchenIllustration';
import { SiteHeader } from '../components/SiteHeader';
import { useResultKind } from '../kitchen/app-services';
import { RouteLink } from '../routing/RouteLink';
import '../styles/screens.css';
import { SHOWCASE_KITCHENS } from './showcase-kitchens';

const HERO_LOOK = SHOWCASE_KITCHENS[0]?.look;

/** Only a site with an AI image service promises AI; the offline default recolors the visitor's own photo. */
export const HOME_WORDS: Readonly<Record<ResultKind, { eyebrow: string; lead: string }>> = {
  recolor: {
    eyebrow: 'Kitchen makeover preview',
    lead:
      'Snap a photo of your kitchen, mark its fronts and worktop with a few strokes, choose the colors and ' +
      'materials you love, and see your own photo with just those recolored: your room, your walls, your light.',
  },
  ai: {
    eyebrow: 'AI kitchen redesign',
    lead:
      'Snap a photo of your kitchen, mark its fronts and worktop with a few strokes, choose the colors and ' +
      'materials you love, and an AI image service repaints just those in your photo: your room, your walls, ' +
      'your light.',
  },
};

export function HomeScreen() {
  const words = HOME_WORDS[useResultKind()];
  return (
    <>
      <SiteHeader />
      <main className="page home">
        <div className="home__copy">
          <p className="eyebrow">{words.eyebrow}</p>
          <h1 tabIndex={-1} data-route-heading>
            See Your Kitchen Reimagined
          </h1>
          <p className="lead">{words.lead}</p>
          <RouteLink route="onboarding/how-it-works" className="button button--primary button--large">
            Get started
          </RouteLink>
          <ul className="home__points">
            <li>Free to try</li>
            <li>Works with a phone photo</li>
            <li>No sign-up needed</li>
          </ul>
        </div>
        {HERO_LOOK && (
          <div className="home__art">
            <KitchenIllustration look={HERO_LOOK} />
          </div>
        )}
      </main>
    </>
  );
}
