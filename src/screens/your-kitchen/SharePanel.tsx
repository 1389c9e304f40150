// Share the result (issues 16 and 25): make a link (with the before photo only if asked), copy it, revoke links.
// The server answers a link's address once, when made (it keeps a hash of the token); this browser keeps it
// (share-addresses.ts), so a live link stays visible and copyable after a reload, and a revoked one disappears.
// Focus follows every action: into the new link, or to the panel's status after a link is stopped. Loaded with
// the first use of the result page, as it brings the contract's schemas.
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { use, useEffect, useId, useRef, useState } from 'react';
import type { ShareLink } from '../../../contract/sharing';
import { createShare, listShares, revokeShare } from '../../api/shares';
import { useAppServices } from '../../kitchen/app-services';
import { forgetShareAddress, rememberShareAddress, shareAddressOf } from '../../persistence/share-addresses';
import { madeOn } from './made-on';

const sharesKey = (jobId: string) => ['shares', jobId] as const;

function LiveLink({
  share,
  address,
  focusOnShow,
  onRevoke,
}: {
  share: ShareLink;
  address: string | undefined;
  focusOnShow: boolean;
  onRevoke: () => void;
}) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (focusOnShow) field.current?.focus();
  }, [focusOnShow]);
  const made = `Made ${madeOn(share.createdAt)}${share.includeBefore ? ', with your before photo' : ''}`;
  return (
    <li>
      {address ? (
        <div className="share__made">
          <label htmlFor={fieldId} className="share__field">
            Your link
            <input
              id={fieldId}
              ref={field}
              className="share__url"
              type="text"
              readOnly
              value={address}
              onFocus={(event) => event.target.select()}
            />
          </label>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void navigator.clipboard?.writeText(address).then(() => setCopied(true))}
          >
            Copy link
          </button>
          <button type="button" className="button button--quiet" onClick={onRevoke}>
            Stop sharing this link
          </button>
          <span role="status">{copied ? 'Copied.' : ''}</span>
          <p className="share__when muted">{made}</p>
        </div>
      ) : (
        // Made in another browser: its address was shown there only.
        <>
          <span>{made} (its address is in the browser that made it)</span>
          <button type="button" className="button button--quiet" onClick={onRevoke}>
            Stop sharing this link
          </button>
        </>
      )}
    </li>
  );
}

/** The app's query cache is made on demand (D41): the panel waits for it (inside the caller's Suspense). */
export default function SharePanel({ jobId }: { jobId: string }) {
  const { queryClient } = useAppServices();
  return (
    <QueryClientProvider client={use(queryClient.get())}>
      <ShareLinks jobId={jobId} />
    </QueryClientProvider>
  );
}

function ShareLinks({ jobId }: { jobId: string }) {
  const { api, storage } = useAppServices();
  const queryClient = useQueryClient();
  const checkboxId = useId();
  const status = useRef<HTMLParagraphElement>(null);
  const [includeBefore, setIncludeBefore] = useState(false);
  const [news, setNews] = useState<{ made?: string; stopped?: boolean }>({});
  // Addresses made on this page, for a browser whose storage is refused.
  const [madeHere, setMadeHere] = useState<Record<string, string>>({});
  const shares = useQuery({
    queryKey: sharesKey(jobId),
    queryFn: ({ signal }) => listShares(api, jobId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sharesKey(jobId) });
  const create = useMutation({
    mutationFn: () => createShare(api, jobId, includeBefore),
    onSuccess: ({ share, url }) => {
      if (storage) rememberShareAddress(storage, share.id, url);
      setMadeHere((now) => ({ ...now, [share.id]: url }));
      // Until the list is read again, the new link is shown from the answer itself.
      queryClient.setQueryData<ShareLink[]>(sharesKey(jobId), (now) => [share, ...(now ?? [])]);
      setNews({ made: share.id });
      return refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeShare(api, id),
    onSuccess: (share) => {
      if (storage) forgetShareAddress(storage, share.id);
      queryClient.setQueryData<ShareLink[]>(sharesKey(jobId), (now) =>
        (now ?? []).filter((other) => other.id !== share.id),
      );
      setNews({ stopped: true });
      return refresh();
    },
  });
  useEffect(() => {
    if (news.stopped) status.current?.focus();
  }, [news]);
  const live = (shares.data ?? []).filter((share) => share.revokedAt === null);
  const failed = create.error ?? revoke.error;
  return (
    <section className="share" aria-labelledby="share-title">
      <h2 id="share-title">Share</h2>
      <p className="muted">
        Anyone with the link sees this kitchen and its choices, until you stop sharing it.
      </p>
      <div className="share__make">
        <label htmlFor={checkboxId} className="checkbox">
          <input
            id={checkboxId}
            type="checkbox"
            checked={includeBefore}
            onChange={(event) => setIncludeBefore(event.target.checked)}
          />
          Include my before photo
        </label>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={create.isPending}
          onClick={() => {
            if (!create.isPending) create.mutate();
          }}
        >
          Create share link
        </button>
      </div>
      <p ref={status} tabIndex={-1} role="status" className="share__status">
        {news.stopped ? 'You stopped sharing that link: it no longer opens.' : ''}
      </p>
      {failed && (
        <p className="notice notice--warning" role="alert">
          {failed.message}
        </p>
      )}
      {live.length > 0 && (
        <ul className="share__links">
          {live.map((share) => (
            <LiveLink
              key={share.id}
              share={share}
              address={madeHere[share.id] ?? (storage ? shareAddressOf(storage, share.id) : undefined)}
              focusOnShow={news.made === share.id}
              onRevoke={() => revoke.mutate(share.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
