// A screen whose code cannot be loaded (the connection dropped mid-visit) says so instead of leaving a blank page.
import { Component, type ReactNode } from 'react';
import { SiteHeader } from '../components/SiteHeader';
import '../styles/screens.css';

interface ScreenLoadBoundaryProps {
  children: ReactNode;
}

export class ScreenLoadBoundary extends Component<ScreenLoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <SiteHeader />
        <main className="page message-screen">
          <h1 tabIndex={-1} data-route-heading>
            This Page Could Not Be Loaded
          </h1>
          <p className="lead">Please check your connection and reload the page. Your choices are kept.</p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </main>
      </>
    );
  }
}
