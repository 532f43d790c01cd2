/**
 * The sandbox inspection service: turns a seller's self-inspection photos into a report (a finding
 * per part of the car, and one per damage the seller pointed out) and answers by webhook. File
 * names are the magic values (docs/sandboxes.md): a photo named with "scratch" is wear, with
 * "dent" is damage; every other part is in good order.
 */
import * as z from 'zod/mini';
import { INSPECTION_AREAS, type InspectionArea } from '../../../src/domain/seller-events';
import type { InspectionReport } from '../../../src/domain/transaction-contract';
import type { WebhookSender } from './webhook-sender';

export const inspectionRequestSchema = z.object({
  requestId: z.string(),
  reference: z.string(),
  callbackUrl: z.url(),
  photos: z.array(z.object({ area: z.string(), documentKey: z.string(), fileName: z.string() })),
  damage: z.array(z.object({ documentKey: z.string(), fileName: z.string(), note: z.string() })),
});
export type InspectionRequest = z.infer<typeof inspectionRequestSchema>;

export function inspectionReport(request: InspectionRequest, now = new Date()): InspectionReport {
  const findings: InspectionReport['findings'] = request.photos.map((photo) => {
    const area = INSPECTION_AREAS[photo.area as InspectionArea] ?? photo.area;
    if (/dent/i.test(photo.fileName))
      return { area, severity: 'damage', note: 'A dent that a body shop should look at.', documentKey: photo.documentKey };
    if (/scratch/i.test(photo.fileName))
      return { area, severity: 'wear', note: 'Light scratches, normal for the age.', documentKey: photo.documentKey };
    return { area, severity: 'good', note: 'No problems seen.', documentKey: photo.documentKey };
  });
  for (const damage of request.damage)
    findings.push({ area: 'Damage you pointed out', severity: 'damage', note: damage.note, documentKey: damage.documentKey });
  const attention = findings.filter((finding) => finding.severity === 'damage').length;
  return {
    summary: attention
      ? `${attention} ${attention === 1 ? 'item needs' : 'items need'} attention; everything else is in order.`
      : 'No damage found beyond normal wear.',
    findings,
    completedAt: now.toISOString(),
  };
}

export function inspections(webhooks: WebhookSender) {
  const taken = new Map<string, string>();
  return {
    take(request: InspectionRequest): string {
      const known = taken.get(request.requestId);
      if (known) return known;
      const id = `insp_${request.requestId.slice(0, 8)}`;
      taken.set(request.requestId, id);
      webhooks.send(request.callbackUrl, 'inspection.completed', { reference: request.reference, report: inspectionReport(request) });
      return id;
    },
  };
}
