// Home: what the product does, and one clear way to start.
import { KitchenIllustration } from '../components/KitchenIllustration';
import { SiteHeader } from '../components/SiteHeader';
import { RouteLink } from '../routing/RouteLink';
import '../styles/screens.css';
import { SHOWCASE_KITCHENS } from './showcase-kitchens';

const HERO_LOOK = SHOWCASE_KITCHENS[0]?.look;

export function HomeScreen() {
  return (
    <>
      <SiteHeader />
      <main className="page home">
        <div className="home__copy">
          <p className="eyebrow">AI kitchen redesign</p>
          <h1 tabIndex={-1} data-route-heading>
            See Your Kitchen Reimagined
          </h1>
          <p className="lead">
            Snap a photo of your kitchen, mark its fronts and worktop with a few strokes, choose the colors
            and materials you love, and see your own photo with just those changed: your room, your walls,
            your light.
          </p>
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
