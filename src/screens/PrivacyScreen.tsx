// The privacy page (issue 15, item 5): what is stored, for how long, what leaves the machine with this site's image
// service (issue 36: the one the boot data names, not every service an operator might choose);
// and the user's own data: a download link and a confirmed deletion (the chart's `myData` region).
import { imageServiceWords, type ResultKind, resultKindOf } from '../../contract/image-services';
import { myDataExportUrl } from '../../contract/my-data';
import { myDataOf } from '../../machines/kitchen/my-data';
import { SiteHeader } from '../components/SiteHeader';
import { RouteLink } from '../routing/RouteLink';
import '../styles/screens.css';
import '../styles/privacy.css';
import { useAppServices } from '../kitchen/app-services';
import { KitchenActor } from '../kitchen/kitchen-actor';
import { useKitchenContext } from '../kitchen/use-kitchen';
import { DeleteMyData } from './privacy/DeleteMyData';

/** The "empty room", in the words of the site's kind of result. */
const EMPTY_ROOM: Readonly<Record<ResultKind, string>> = {
  recolor:
    'The “empty room” made from your photo, which a kitchen is drawn into: on this site, your photo as it is, ' +
    'since your fronts and worktop are recolored in place. The kitchens made from it, and the choices each ' +
    'was made with.',
  ai:
    'The “empty room” made from your photo: a copy with its cabinets and worktop taken out, which the image ' +
    'service draws your new kitchen into. The kitchens made from it, and the choices each was made with.',
};

export function PrivacyScreen() {
  const { retentionDays, sessionDays, hasKitchens, hasPhoto, currentStep } = useKitchenContext((context) => ({
    retentionDays: context.imageRetentionDays,
    sessionDays: context.sessionDays,
    hasKitchens: context.lastGeneratedImageDataUrl !== null || context.generationHistory.length > 0,
    hasPhoto: context.inputImageDataUrl !== null,
    currentStep: context.currentStep,
  }));
  const deleted = KitchenActor.useSelector(myDataOf) === 'deleted';
  // The service this site uses, from the boot data: not every service an operator might choose.
  const { imageService } = useAppServices();
  const service = imageServiceWords(imageService);
  const kept = retentionDays ? `${retentionDays} days` : 'a limited number of days';
  const sessionEnds = sessionDays
    ? `after ${sessionDays.idle} days without a visit, and after ${sessionDays.max} days at most`
    : 'after a while without a visit';
  return (
    <>
      <SiteHeader />
      <main className="page privacy">
        <h1 tabIndex={-1} data-route-heading>
          Privacy and Your Data
        </h1>
        <h2>What Is Stored</h2>
        <ul>
          <li>The photo you upload, re-encoded without its metadata (location included).</li>
          <li>{EMPTY_ROOM[resultKindOf(imageService)]}</li>
          <li>
            A session cookie, so the server knows these are yours; a passkey’s public key if you add one.
          </li>
          <li>Your choices in this browser, so you can carry on where you left off.</li>
        </ul>
        <h2>For How Long</h2>
        <p>
          Photos and pictures are deleted {kept} after they are made, with the record of how they were made. A
          session ends {sessionEnds}. Your choices stay in this browser until you start over or delete your
          data.
        </p>
        <h2>What Leaves This Service</h2>
        <p>
          This site makes its kitchens with {service.name}. {service.leaves}
        </p>
        <p>
          Uploads are checked for unsuitable content on this service’s own server, unless the operator adds
          OpenAI’s check.
        </p>
        <h2>Your Data</h2>
        <p>
          <a className="button button--secondary" href={myDataExportUrl} download>
            Download my data
          </a>{' '}
          (a zip of your photos and pictures, and a file of your choices)
        </p>
        <DeleteMyData />
        {/* Back where the visitor's kitchen is: the result page once there is one, else the step they were on.
            None once it is deleted, or before there is one: there is no kitchen to go back to. */}
        {!deleted && (hasKitchens || hasPhoto) && (
          <p className="privacy__back">
            <RouteLink
              route={hasKitchens ? 'your-kitchen' : `create-kitchen/${currentStep}`}
              className="button button--secondary"
            >
              Back to your kitchen
            </RouteLink>
          </p>
        )}
      </main>
    </>
  );
}
