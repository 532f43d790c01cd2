/**
 * Applying to the dealer programme (the applicant) and deciding applications (admins). Read
 * straight from the API while the screen is open, not kept in IndexedDB, like the programme's
 * other screens (dealers.ts). A decision, or a new application for an admin, also arrives as a
 * notification, which the screens watch (useNewestNotificationOf) to read the API again.
 */
import {
  applicationsForReviewSchema,
  dealerApplicationSchema,
  myDealerApplicationSchema,
  reviewedApplicationSchema,
  type ApplicationDecision,
  type DealerApplicationRequest,
} from '../../domain/dealer-application-contract';
import { apiRequest } from './api-client';

export const myDealerApplication = () => apiRequest('GET', 'dealer-applications/mine', myDealerApplicationSchema);

/** Sends the application; `idempotencyKey` was made once, when the user pressed send, so a retry answers the same application. */
export const sendDealerApplication = (application: Omit<DealerApplicationRequest, 'idempotencyKey'>, idempotencyKey: string) =>
  apiRequest('POST', 'dealer-applications', dealerApplicationSchema, { ...application, idempotencyKey });

export const applicationsForReview = () => apiRequest('GET', 'admin/dealer-applications', applicationsForReviewSchema);
export const decideDealerApplication = (applicationId: string, decision: ApplicationDecision) =>
  apiRequest('POST', `admin/dealer-applications/${applicationId}/decision`, reviewedApplicationSchema, decision);
