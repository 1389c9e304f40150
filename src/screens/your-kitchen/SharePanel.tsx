// Share the result (issue 16): make a link (with the before photo only if asked), copy it, revoke links. The
// address is shown once, when made: the server keeps only a hash of its token. Loaded with the first use of
// the result page, as it brings the contract's schemas.
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { use, useId, useState } from 'react';
import type { ShareLink } from '../../../contract/sharing';
import { createShare, listShares, revokeShare } from '../../api/shares';
import { useAppServices } from '../../kitchen/app-services';
import { madeOn } from './made-on';

const sharesKey = (jobId: string) => ['shares', jobId] as const;

function LinkList({ shares, onRevoke }: { shares: ShareLink[]; onRevoke: (id: string) => void }) {
  const live = shares.filter((share) => share.revokedAt === null);
  if (live.length === 0) return null;
  return (
    <ul className="share__links">
      {live.map((share) => (
        <li key={share.id}>
          Link made {madeOn(share.createdAt)}
          {share.includeBefore ? ', with your before photo' : ''}{' '}
          <button type="button" className="button button--quiet" onClick={() => onRevoke(share.id)}>
            Stop sharing this link
          </button>
        </li>
      ))}
    </ul>
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
  const { api } = useAppServices();
  const queryClient = useQueryClient();
  const checkboxId = useId();
  const [includeBefore, setIncludeBefore] = useState(false);
  const [copied, setCopied] = useState(false);
  const shares = useQuery({
    queryKey: sharesKey(jobId),
    queryFn: ({ signal }) => listShares(api, jobId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sharesKey(jobId) });
  const create = useMutation({
    mutationFn: () => createShare(api, jobId, includeBefore),
    onSuccess: () => {
      setCopied(false);
      return refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (id: string) => revokeShare(api, id), onSuccess: refresh });
  const url = create.data?.url;
  const failed = create.error ?? revoke.error;
  return (
    <section className="share" aria-labelledby="share-title">
      <h2 id="share-title">Share</h2>
      <p className="muted">
        Anyone with the link sees this kitchen and its choices, until you stop sharing it.
      </p>
      <div className="share__make">
        <label htmlFor={checkboxId} className="share__option">
          <input
            id={checkboxId}
            type="checkbox"
            checked={includeBefore}
            onChange={(event) => setIncludeBefore(event.target.checked)}
          />{' '}
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
      {url && (
        <p className="share__made">
          <label>
            Your link{' '}
            <input
              className="share__url"
              type="text"
              readOnly
              value={url}
              onFocus={(e) => e.target.select()}
            />
          </label>{' '}
          <button
            type="button"
            className="button button--quiet"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
          >
            Copy link
          </button>
          <span role="status">{copied ? 'Copied.' : ''}</span>
        </p>
      )}
      {failed && (
        <p className="notice notice--warning" role="alert">
          {failed.message}
        </p>
      )}
      <LinkList shares={shares.data ?? []} onRevoke={(id) => revoke.mutate(id)} />
    </section>
  );
}
