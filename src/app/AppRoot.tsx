// The whole app as both the browser and the build's prerender render it: the two must give the same tree, or
// hydrating the prerendered home would not match.
import { StrictMode } from 'react';
import { App, type AppProps } from './App';

export function AppRoot(props: AppProps) {
  return (
    <StrictMode>
      <App {...props} />
    </StrictMode>
  );
}
