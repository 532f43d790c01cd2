/**
 * IndexedDB (Dexie): the server records screens read with useLiveQuery, so they still render
 * offline. Holds the signed-in user's profile, their transactions (list rows, and each one's
 * full detail with its timeline once opened), their offers, their deals (with where the other
 * party stands), their notifications, the buyer profile they gave, the outbox of actions not yet
 * applied by the server, the documents they uploaded (without URLs: those expire), and the last
 * deal timeline read for each transaction (the audit trail, readable offline), what was typed
 * in forms and not sent yet, and the deal threads opened here (their messages, readable offline). All of it is
 * cleared on sign-out (DESIGN.md §4 shared devices). Every schema change adds a version here
 * with its migration.
 */
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import * as z from 'zod/mini';
import type { Deal } from '../domain/offer-contract';
import type { Notification } from '../domain/notification-contract';
import type { StoredDocument } from '../domain/upload-contract';
import type { DealTimeline } from '../domain/deal-timeline';
import type { Thread } from '../domain/message-contract';
import type { CachedNegotiation } from './records/offer-records';
import type { OutboxRow } from './outbox/outbox-rows';
import type { CachedTransaction } from './records/transaction-records';

export const profileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  type: z.enum(['admin', 'dealer', 'customer']),
  isAdditionalDetailsSubmitted: z.boolean(),
  cognitoIdentityId: z.nullable(z.string()),
  /** The user's Caramel code, made the first time the profile is read. */
  caramelCode: z.optional(z.nullable(z.string())),
});
export type Profile = z.infer<typeof profileSchema>;

export type CachedProfile = Profile & { sub: string; savedAt: number };
export type CachedDeal = Deal & { savedAt: number };
export type CachedNotification = Notification & { savedAt: number };

/** The buyer profile this user gave (POST /users/{uid}/profile/{id}): who buys, and where the car is registered. */
export interface SavedBuyerProfile {
  id: string;
  legalFirstName: string;
  legalLastName: string;
  dateOfBirth: string;
  address: { line1: string; line2?: string; city: string; state: string; postalCode: string };
  updatedAt: string;
}

/** The deal timeline as the API last answered it for one transaction, and when. */
export type CachedTimeline = DealTimeline & { savedAt: number };

/** A deal's thread as the API last answered it, and when. */
export type CachedThread = Thread & { savedAt: number };

/**
 * An API answer a screen shows, as the API last gave it (use-api-answer.ts), under the screen's key
 * ("bank-accounts", "signing:{transactionId}" …): read offline with its age, replaced by each fresh one.
 */
export interface KeptAnswer {
  key: string;
  value: unknown;
  savedAt: number;
}

/** What was typed in a form and not sent yet (drafts.ts), under the form's key. */
export interface FormDraft {
  key: string;
  values: Record<string, unknown>;
  savedAt: number;
}

/**
 * What this device holds for the service worker, under `session` (device-session.ts) and `push`
 * (push.ts): cleared with everything else on sign-out.
 */
export type DeviceRecord =
  | { key: 'session'; sub: string; idToken: string; refreshToken: string | null; clientId: string; region: string; endpoint?: string }
  | { key: 'push'; endpoint: string; via: 'browser' | 'stand-in' };

export class AppDatabase extends Dexie {
  profiles!: EntityTable<CachedProfile, 'sub'>;
  transactions!: EntityTable<CachedTransaction, 'id'>;
  // Table, not EntityTable: an insert type of a union keeps only the keys all its members share.
  outbox!: Table<OutboxRow, number>;
  documents!: EntityTable<StoredDocument, 'id'>;
  negotiations!: EntityTable<CachedNegotiation, 'id'>;
  timelines!: EntityTable<CachedTimeline, 'transactionId'>;
  deals!: EntityTable<CachedDeal, 'id'>;
  notifications!: EntityTable<CachedNotification, 'id'>;
  buyerProfiles!: EntityTable<SavedBuyerProfile, 'id'>;
  drafts!: EntityTable<FormDraft, 'key'>;
  threads!: EntityTable<CachedThread, 'negotiationId'>;
  answers!: EntityTable<KeptAnswer, 'key'>;
  device!: Table<DeviceRecord, string>;

  constructor(name = 'caramel', options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({ profiles: 'sub' });
    // v2 (issue 7): new tables only, nothing to migrate.
    this.version(2).stores({ profiles: 'sub', transactions: 'id, updatedAt', outbox: '++seq, transactionId' });
    // v3 (issue 8): the user's uploaded documents; a new table, nothing to migrate.
    this.version(3).stores({ documents: 'id, transactionId' });
    // v4 (issue 16): offers read offline, and offer actions join the outbox; existing rows are transaction actions.
    this.version(4)
      .stores({ negotiations: 'id', outbox: '++seq, transactionId, negotiationId' })
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((row: { kind?: string }) => void (row.kind ??= 'transaction')),
      );
    // v5 (issue 20): the deal timeline per transaction; a new table, nothing to migrate.
    this.version(5).stores({ timelines: 'transactionId' });
    // v6 (issue 21): deals, notifications and the buyer profile are kept; offers learn whether their vehicle is
    // confirmed (every offer before this was made on a VIN, so confirmed) and whether it came through the user's code.
    this.version(6)
      .stores({ deals: 'id', notifications: 'id, createdAt', buyerProfiles: 'id' })
      .upgrade((tx) =>
        tx
          .table('negotiations')
          .toCollection()
          .modify((row: { vehicle: { confirmed?: boolean; model?: string | null }; viaMyCode?: boolean }) => {
            row.vehicle.confirmed ??= true;
            row.vehicle.model ??= null;
            row.viaMyCode ??= false;
          }),
      );
    // v7 (issue 30): what was typed in a form and not sent yet; a new table, nothing to migrate.
    this.version(7).stores({ drafts: 'key' });
    // v8 (issue 33): deal threads, read offline; a new table, nothing to migrate (messages join the outbox's negotiationId index).
    this.version(8).stores({ threads: 'negotiationId' });
    // v9 (issue 41): a transaction says where the sale stands as a whole (`sale`), closed only once delivery is
    // confirmed, instead of when its own steps were done (`completedAt`). A saved copy is read as still in
    // progress (cancelled when it was) until the next refresh brings the server's word.
    this.version(9).upgrade((tx) =>
      tx
        .table('transactions')
        .toCollection()
        .modify((row: SavedBefore9 & { detail?: SavedBefore9; server?: SavedBefore9 }) => {
          for (const copy of [row, row.detail, row.server]) {
            if (!copy) continue;
            copy.sale ??= { stage: copy.cancelledAt ? 'cancelled' : 'in progress', releasesAt: null, closedAt: null };
            delete copy.completedAt;
          }
          // The detail also learnt the delivery's outline, what the party may do about the handover, and which of their actions the server holds.
          for (const copy of [row.detail, row.server]) {
            if (!copy) continue;
            copy.handover ??= { partiesArrange: false, canPropose: false, canAgree: false, canSayReceived: false };
            copy.delivery ??= {
              handedOverAt: null,
              confirmedAt: null,
              confirmedBy: null,
              canConfirm: false,
              canRaiseProblem: false,
              dispute: null,
            };
            copy.appliedKeys ??= [];
          }
        }),
    );
    // v10 (issue 42): the API answers screens show (bank accounts, signing …), kept so they read offline; a new table.
    this.version(10).stores({ answers: 'key' });
    // v11 (issue 44): what the service worker needs while the app is closed (the session it sends with, this device's push subscription).
    this.version(11).stores({ device: 'key' });
  }
}

/** A saved transaction copy as versions before 9 kept it. */
interface SavedBefore9 {
  cancelledAt: string | null;
  completedAt?: string | null;
  sale?: unknown;
  handover?: unknown;
  delivery?: unknown;
  appliedKeys?: string[];
}

export const db = new AppDatabase();
