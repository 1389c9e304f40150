// The privacy page (issue 15, item 5): what is stored, for how long, what leaves the machine with each provider;
// and the user's own data: a download link and a confirmed deletion (the chart's `myData` region).
import { myDataExportUrl } from '../../contract/my-data';
import { SiteHeader } from '../components/SiteHeader';
import { RouteLink } from '../routing/RouteLink';
import '../styles/screens.css';
import '../styles/privacy.css';
import { useKitchenContext } from '../kitchen/use-kitchen';
import { DeleteMyData } from './privacy/DeleteMyData';

/** Each image service the operator may choose, by the name the server reports it with, in words a visitor reads. */
const PROVIDERS = [
  {
    id: 'local',
    name: 'This service’s own renderer',
    what: 'Nothing. The picture is drawn on this service’s own server.',
  },
  {
    id: 'openai',
    name: 'OpenAI',
    what: 'Your photo (or its empty room), without its metadata, and your choices as text go to OpenAI. No name, account or session.',
  },
  {
    id: 'replicate',
    name: 'Replicate',
    what: 'Your photo and your choices as text go to Replicate, which deletes them and the result after one hour.',
  },
  {
    id: 'comfyui',
    name: 'The operator’s own ComfyUI server',
    what: 'Your photo and your choices go to the operator’s own ComfyUI server, which keeps its copies until the operator removes them.',
  },
] as const;

export function PrivacyScreen() {
  const { retentionDays, sessionDays, provider, hasKitchens, currentStep } = useKitchenContext((context) => ({
    retentionDays: context.imageRetentionDays,
    sessionDays: context.sessionDays,
    provider: context.lastGenerationProvider,
    hasKitchens: context.lastGeneratedImageDataUrl !== null || context.generationHistory.length > 0,
    currentStep: context.currentStep,
  }));
  const yours = PROVIDERS.find(({ id }) => id === provider)?.name;
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
          <li>The empty room and the kitchens made from it, and the choices each was made with.</li>
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
          It depends on the image service the operator has chosen
          {yours ? ` (your last kitchen was made by: ${yours})` : ''}:
        </p>
        <dl>
          {PROVIDERS.map(({ id, name, what }) => (
            <div key={id}>
              <dt>{name}</dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
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
        {/* Back where the visitor's kitchen is: the result page once there is one, else the step they were on. */}
        <p className="privacy__back">
          <RouteLink
            route={hasKitchens ? 'your-kitchen' : `create-kitchen/${currentStep}`}
            className="button button--secondary"
          >
            Back to your kitchen
          </RouteLink>
        </p>
      </main>
    </>
  );
}
