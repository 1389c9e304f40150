// The privacy page (issue 15, item 5): what is stored, for how long, what leaves the machine with each provider;
// and the user's own data: a download link and a confirmed deletion (the chart's `myData` region).
import { myDataExportUrl } from '../../contract/my-data';
import { KitchenActor } from '../app/kitchen-actor';
import { SiteHeader } from '../components/SiteHeader';
import { RouteLink } from '../routing/RouteLink';
import '../styles/screens.css';
import '../styles/privacy.css';
import { useKitchenContext, useSend } from './use-kitchen';

type MyDataState = 'idle' | 'confirming' | 'deleting' | 'deleted' | 'failed';

/** The server's defaults (SESSION_IDLE_DAYS, SESSION_MAX_DAYS); an operator may shorten them. */
const SESSION_IDLE_DAYS = 30;
const SESSION_MAX_DAYS = 400;

const PROVIDERS = [
  { name: 'local', what: 'Nothing. The picture is drawn on this service’s own server.' },
  {
    name: 'openai',
    what: 'Your photo (or its empty room), without its metadata, and your choices as text go to OpenAI. No name, account or session.',
  },
  {
    name: 'replicate',
    what: 'Your photo and your choices as text go to Replicate, which deletes them and the result after one hour.',
  },
  {
    name: 'comfyui',
    what: 'Your photo and your choices go to the operator’s own ComfyUI server, which keeps its copies until the operator removes them.',
  },
] as const;

function DeleteMyData() {
  const state = KitchenActor.useSelector((snapshot) => (snapshot.value as { myData: MyDataState }).myData);
  const send = useSend();
  if (state === 'deleted') {
    return (
      <div role="status">
        <p>Your data has been deleted. This browser is a new visitor now.</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => send({ type: 'MY_DATA.DISMISS' })}
        >
          Done
        </button>
      </div>
    );
  }
  if (state === 'confirming' || state === 'deleting') {
    return (
      <section className="confirm" aria-labelledby="confirm-delete-heading">
        <h3 id="confirm-delete-heading">Delete everything?</h3>
        <p>
          Your photos, empty rooms, kitchens, choices and history are deleted from the server and from this
          browser. This cannot be undone.
        </p>
        <button
          type="button"
          className="button button--danger"
          aria-disabled={state === 'deleting'}
          onClick={() => state === 'confirming' && send({ type: 'MY_DATA.CONFIRM' })}
        >
          {state === 'deleting' ? 'Deleting…' : 'Yes, delete my data'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={state === 'deleting'}
          onClick={() => send({ type: 'MY_DATA.CANCEL' })}
        >
          Keep my data
        </button>
      </section>
    );
  }
  return (
    <>
      {state === 'failed' && (
        <p role="alert">We could not delete your data: nothing was deleted. Please try again.</p>
      )}
      <button
        type="button"
        className="button button--danger"
        onClick={() => send({ type: 'MY_DATA.DELETE' })}
      >
        Delete my data
      </button>
    </>
  );
}

export function PrivacyScreen() {
  const { retentionDays, provider } = useKitchenContext((context) => ({
    retentionDays: context.imageRetentionDays,
    provider: context.lastGenerationProvider,
  }));
  const kept = retentionDays ? `${retentionDays} days` : 'a limited number of days';
  return (
    <>
      <SiteHeader />
      <main className="page privacy">
        <h1 tabIndex={-1} data-route-heading>
          Privacy and your data
        </h1>
        <h2>What is stored</h2>
        <ul>
          <li>The photo you upload, re-encoded without its metadata (location included).</li>
          <li>The empty room and the kitchens made from it, and the choices each was made with.</li>
          <li>
            A session cookie, so the server knows these are yours; a passkey’s public key if you add one.
          </li>
          <li>Your choices in this browser, so you can carry on where you left off.</li>
        </ul>
        <h2>For how long</h2>
        <p>
          Photos and pictures are deleted {kept} after they are made, with the record of how they were made. A
          session ends after {SESSION_IDLE_DAYS} days without a visit, and after {SESSION_MAX_DAYS} days at
          most. Your choices stay in this browser until you start over or delete your data.
        </p>
        <h2>What leaves this service</h2>
        <p>
          It depends on the image service the operator has chosen{provider ? ` (yours: ${provider})` : ''}:
        </p>
        <dl>
          {PROVIDERS.map(({ name, what }) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <p>
          Uploads are checked for unsuitable content on this service’s own server, unless the operator adds
          OpenAI’s check.
        </p>
        <h2>Your data</h2>
        <p>
          <a className="button button--secondary" href={myDataExportUrl} download>
            Download my data
          </a>{' '}
          (a zip of your photos and pictures, and a file of your choices)
        </p>
        <DeleteMyData />
        <p>
          <RouteLink route="create-kitchen/upload-image">Back to your kitchen</RouteLink>
        </p>
      </main>
    </>
  );
}
