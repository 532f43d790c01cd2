import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Icon } from '../icon';
import { CheckCircleIcon } from '../icons';
import { SiteHeader } from './site-header';

/** SPEC §2.7 notification-flow: one outcome (a deal made, a payment sent) and what to do next. */
export function NotificationFlowLayout({ icon = CheckCircleIcon, children }: { icon?: LucideIcon; children: ReactNode }) {
  return (
    <div className="layout-page layout-muted">
      <SiteHeader navigation={false} />
      <main id="main" className="layout-main section" tabIndex={-1}>
        <div className="box notification-panel has-text-centered">
          <span className="notification-icon">
            <Icon icon={icon} size="3rem" />
          </span>
          {children}
        </div>
      </main>
    </div>
  );
}
