// At 0 generations left (issue 25): what the visitor can still do with the kitchens they have, and whether more
// generations come (they do not: the allowance is per visitor, and only a failed generation gives one back).
export function NoGenerationsLeft({ isGuest }: { isGuest: boolean }) {
  return (
    <section className="notice out-of-generations" aria-labelledby="out-of-generations-title">
      <h2 id="out-of-generations-title">You Have Used All Your Generations</h2>
      <p>You can still:</p>
      <ul>
        <li>download this kitchen, or print its spec sheet;</li>
        <li>share it with a link (below);</li>
        <li>compare the kitchens you made, side by side;</li>
        {isGuest && <li>keep your kitchens with a passkey, to see them on your other devices.</li>}
      </ul>
      <p className="muted">
        Generations do not renew on this service; a generation that fails is always given back.
      </p>
    </section>
  );
}
