import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { StepProgress, type ProgressStep } from '../step-progress';
import { SiteHeader } from './site-header';

/**
 * SPEC §2.7 transaction-flow: the deal's steps across the top (done steps open their
 * read-only view), the current step's screen below, and a way back to the dashboard.
 */
export function TransactionFlowLayout({ steps, children }: { steps: ProgressStep[]; children: ReactNode }) {
  return (
    <div className="layout-page layout-muted">
      <SiteHeader navigation={false} />
      <div className="section layout-main">
        <div className="container is-max-desktop">
          <div className="transaction-bar">
            <Link to="/dashboard/active-transactions">Back to your transactions</Link>
          </div>
          <div className="box">
            <StepProgress steps={steps} />
          </div>
          <main id="main" className="box transaction-main" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
    </div>
  );
}
